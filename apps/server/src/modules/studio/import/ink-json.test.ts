import { STATUS } from '@taleforge/contracts/status';
import { Compiler } from 'inkjs/full';
import { describe, expect, it } from 'vitest';
import { playCompiled, playWithInkjs, readWork } from '../../../../test/support/public-ink.js';
import { refusal } from '../../../../test/support/studio-import.js';
import { precompiledStory } from '../../play/index.js';
import { importInkJson } from './ink-json.js';

const intercept = readWork('the-intercept/TheIntercept.ink');
const compiled = new Compiler(intercept.files[intercept.main]!).Compile().ToJson()!;

describe('importing compiled ink', () => {
  it('keeps the JSON in an ink file that compiles to an empty story', () => {
    const result = importInkJson(Buffer.from(compiled), 'TheIntercept.ink.json');
    expect(result.chapters).toEqual([{ title: 'TheIntercept', file: 'TheIntercept.ink' }]);
    const compiler = new Compiler(result.files[0]!.source);
    compiler.Compile();
    expect(compiler.errors).toEqual([]);
  });

  it('gives publishing the same JSON, which plays as the original source does', () => {
    const source = importInkJson(Buffer.from(compiled), 'story.json').files[0]!.source;
    const json = precompiledStory(source)!;
    expect(JSON.parse(json)).toEqual(JSON.parse(compiled));
    expect(playCompiled(json, 12)).toEqual(playWithInkjs(intercept, 12));
  });

  it('keeps a comment end inside the story text from closing the comment', () => {
    const tricky = new Compiler('A star */ and a slash').Compile().ToJson()!;
    const source = importInkJson(Buffer.from(tricky)).files[0]!.source;
    expect(playCompiled(precompiledStory(source)!, 1)[0]!.lines[0]!.text).toBe(
      'A star */ and a slash',
    );
  });

  it('says ordinary ink is not precompiled', () => {
    expect(precompiledStory(intercept.files[intercept.main]!)).toBeNull();
  });

  it('refuses JSON that is not compiled ink', async () => {
    const answer = await refusal(() => importInkJson(Buffer.from('{"hello": "world"}')));
    expect(answer.status).toBe(STATUS.STUDIO_IMPORT_UNREADABLE);
    expect(answer.detail).toMatch(/^not compiled ink/);
  });
});
