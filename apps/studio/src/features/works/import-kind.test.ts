import { File as NodeFile } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { importKindOf } from './import-export';

// Node's File: jsdom's Blob cannot be read as text, the browser's and Node's can.
const file = (name: string, text = '') => new NodeFile([text], name) as unknown as File;

describe('the import kind of a file', () => {
  it('follows the file name for ink, zips, Twee and card PNGs', async () => {
    expect(await importKindOf(file('story.ink'))).toBe('ink');
    expect(await importKindOf(file('Story.ZIP'))).toBe('ink_zip');
    expect(await importKindOf(file('tale.twee'))).toBe('twee');
    expect(await importKindOf(file('tale.tw'))).toBe('twee');
    expect(await importKindOf(file('mara.png'))).toBe('card');
  });

  it('tells a character card from compiled ink by what the JSON says it is', async () => {
    const card = JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data: {} });
    expect(await importKindOf(file('mara.json', card))).toBe('card');
    const ink = JSON.stringify({ inkVersion: 21, root: [], listDefs: {} });
    expect(await importKindOf(file('story.json', ink))).toBe('ink_json');
  });

  it('has no kind for anything else', async () => {
    expect(await importKindOf(file('notes.txt'))).toBeNull();
  });
});
