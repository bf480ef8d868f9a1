import { STATUS } from '@taleforge/contracts/status';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { playWithInkjs, readWork } from '../../../../test/support/public-ink.js';
import { refusal } from '../../../../test/support/studio-import.js';
import { importInkFile, importInkZip } from './ink-source.js';

const LATIN1 = Buffer.from('Caf\xe9 au lait\n', 'latin1');

/** A folder of public ink zipped as an author would, under the folder's own name. */
function zipOf(files: Record<string, string>, folder = 'story') {
  return zipSync(
    Object.fromEntries(Object.entries(files).map(([p, s]) => [`${folder}/${p}`, strToU8(s)])),
  );
}

describe('importing one ink file', () => {
  it('gives one file and one chapter named after it', () => {
    const { files } = readWork('the-intercept/TheIntercept.ink');
    const result = importInkFile(Buffer.from(files['TheIntercept.ink']!), 'TheIntercept.ink');
    expect(result.files).toEqual([{ path: 'TheIntercept.ink', source: files['TheIntercept.ink'] }]);
    expect(result.chapters).toEqual([{ title: 'TheIntercept', file: 'TheIntercept.ink' }]);
  });

  it('names the file with characters a work path accepts', () => {
    expect(importInkFile(strToU8('Hi'), 'My Story (v2).ink').files[0]!.path).toBe(
      'My_Story__v2_.ink',
    );
  });

  it('refuses text that is not UTF-8, naming the file', async () => {
    expect(await refusal(() => importInkFile(LATIN1, 'cafe.ink'))).toEqual({
      status: STATUS.STUDIO_NOT_UTF8,
      detail: 'cafe.ink',
    });
  });
});

describe('importing a zip of ink', () => {
  it('keeps the folders INCLUDE names and makes every top-level file nobody INCLUDEs a chapter', () => {
    const work = readWork('inkjs/misc/include.ink');
    const result = importInkZip(zipOf(work.files));
    expect(result.files.map((f) => f.path).sort()).toEqual(Object.keys(work.files).sort());
    expect(result.chapters.map((c) => c.file)).toEqual([
      'escape_character.ink',
      'include.ink',
      'nested_include.ink',
      'quote_character_significance.ink',
    ]);
  });

  it('plays each chapter word for word as plain inkjs plays the original', () => {
    const work = readWork('inkjs/misc/include.ink');
    const result = importInkZip(zipOf(work.files));
    const imported = Object.fromEntries(result.files.map((f) => [f.path, f.source]));
    for (const chapter of result.chapters) {
      const played = playWithInkjs({ main: chapter.file, files: imported }, 6);
      expect(played).toEqual(playWithInkjs({ main: chapter.file, files: work.files }, 6));
      expect(played[0]!.lines.length).toBeGreaterThan(0);
    }
  });

  it('puts chapters in number order and renames files INCLUDE then names anew', () => {
    const result = importInkZip(
      zipOf({
        'chapter 10.ink': 'INCLUDE shared bits.ink\nTen {bit()}',
        'chapter 2.ink': 'Two',
        'shared bits.ink': '=== function bit() ===\n~ return "!"',
      }),
    );
    expect(result.chapters.map((c) => c.title)).toEqual(['chapter_2', 'chapter_10']);
    const ten = result.files.find((f) => f.path === 'chapter_10.ink')!;
    expect(ten.source).toBe('INCLUDE shared_bits.ink\nTen {bit()}');
    expect(
      playWithInkjs(
        {
          main: 'chapter_10.ink',
          files: Object.fromEntries(result.files.map((f) => [f.path, f.source])),
        },
        1,
      )[0]!.lines[0]!.text,
    ).toBe('Ten !');
  });

  it('lists what is not ink instead of dropping it silently', () => {
    const result = importInkZip(zipOf({ 'main.ink': 'Hi', 'cover.png': 'png' }));
    expect(result.unconverted).toEqual([
      { where: 'story/cover.png', what: 'not an ink file, left out' },
    ]);
  });

  it('refuses an entry that is not UTF-8, naming it', async () => {
    const zip = zipSync({ 'main.ink': strToU8('Hi'), 'menu.ink': LATIN1 });
    expect(await refusal(() => importInkZip(zip))).toEqual({
      status: STATUS.STUDIO_NOT_UTF8,
      detail: 'menu.ink',
    });
  });

  it('refuses sources over 5 MB together', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const zip = zipSync({ 'a.ink': strToU8(big), 'b.ink': strToU8(big) });
    expect((await refusal(() => importInkZip(zip))).status).toBe(STATUS.STUDIO_SOURCES_TOO_LARGE);
  });

  it('refuses a zip without ink', async () => {
    const zip = zipSync({ 'readme.txt': strToU8('hello') });
    expect((await refusal(() => importInkZip(zip))).status).toBe(STATUS.STUDIO_IMPORT_UNREADABLE);
  });
});
