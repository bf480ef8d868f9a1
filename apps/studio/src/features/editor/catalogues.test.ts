import { describe, expect, it } from 'vitest';
import { EDITOR_CATALOGUES } from './editor-texts';

const keys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
    : [prefix.slice(0, -1)];

describe('editor catalogues', () => {
  it('have every key in every locale, none empty', () => {
    const english = keys(EDITOR_CATALOGUES.en_US).sort();
    for (const [locale, texts] of Object.entries(EDITOR_CATALOGUES)) {
      expect(keys(texts).sort(), locale).toEqual(english);
      expect(JSON.stringify(texts), locale).not.toMatch(/:""/);
    }
  });
});
