import { STATUS, STATUS_MESSAGES } from '@taleforge/contracts/status';
import { describe, expect, it } from 'vitest';
import enUS from './locales/en_US.json';
import jaJP from './locales/ja_JP.json';
import zhCN from './locales/zh_CN.json';

/** Every key of a catalogue as a dotted path, with its text. */
function flatten(node: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

describe('the studio catalogues', () => {
  const en = flatten(enUS);
  it.each([
    ['zh_CN', zhCN],
    ['ja_JP', jaJP],
  ])(
    '%s has every English key, no more, each with a text and the same placeholders',
    (_, catalogue) => {
      const other = flatten(catalogue);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim(), key).not.toBe('');
        const names = (value: string) =>
          [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(names(text), key).toEqual(names(en.get(key)!));
      }
    },
  );
});

describe('the text policy says what the server says (decision 50)', () => {
  it.each([
    ['en_US', enUS],
    ['zh_CN', zhCN],
    ['ja_JP', jaJP],
  ] as const)('%s', (locale, catalogue) => {
    expect(catalogue.textPolicy.invisible).toBe(STATUS_MESSAGES[STATUS.TEXT_INVISIBLE][locale]);
  });
});
