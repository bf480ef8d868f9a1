import { STATUS, STATUS_MESSAGES } from '@taleforge/contracts/status';
import { describe, expect, it } from 'vitest';
import enCore from './locales/en_US.json';
import enScreens from './locales/en_US.screens.json';
import jaCore from './locales/ja_JP.json';
import jaScreens from './locales/ja_JP.screens.json';
import zhCore from './locales/zh_CN.json';
import zhScreens from './locales/zh_CN.screens.json';

// Each locale is two files: the shell and the home, then every other screen (i18n.ts).
const en = { ...enCore, ...enScreens };
const zh = { ...zhCore, ...zhScreens };
const ja = { ...jaCore, ...jaScreens };

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keysOf(child, prefix ? `${prefix}.${key}` : key),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function leaf(catalogue: unknown, key: string): string {
  let node: unknown = catalogue;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return node as string;
}

describe('locale catalogues', () => {
  const english = keysOf(en).sort();

  it('splits each section into exactly one of the two files', () => {
    const core = Object.keys(enCore);
    expect(core.filter((section) => section in enScreens)).toEqual([]);
    expect(Object.keys(zhCore)).toEqual(core);
    expect(Object.keys(jaCore)).toEqual(core);
  });

  it.each([
    ['zh_CN', zh],
    ['ja_JP', ja],
  ])('%s has exactly the keys of en_US', (_name, catalogue) => {
    expect(keysOf(catalogue).sort()).toEqual(english);
  });

  it.each([
    ['zh_CN', zh],
    ['ja_JP', ja],
  ])('%s keeps every interpolation placeholder', (_name, catalogue) => {
    for (const key of english) {
      expect(placeholders(leaf(catalogue, key)), key).toEqual(placeholders(leaf(en, key)));
    }
  });

  // WCAG 2.5.3 (axe: label-content-name-mismatch): a control that shows a short text and is
  // named by a longer one must have the short text inside the name, in every language.
  it.each([
    ['en_US', en],
    ['zh_CN', zh],
    ['ja_JP', ja],
  ])('%s names each short-labelled control with its visible text inside', (_name, catalogue) => {
    const pairs = [
      ['play.journal.talk', 'play.conversation.talk'],
      ['share.button', 'share.workLabel'],
      ['share.button', 'share.profileLabel'],
    ] as const;
    for (const [shown, name] of pairs) {
      expect(leaf(catalogue, name), name).toContain(leaf(catalogue, shown));
    }
  });

  it('has no empty strings', () => {
    for (const catalogue of [en, zh, ja]) {
      for (const key of english) expect(leaf(catalogue, key).trim(), key).not.toBe('');
    }
  });
});

describe('the text policy says what the server says (decision 50)', () => {
  it.each([
    ['en_US', en],
    ['zh_CN', zh],
    ['ja_JP', ja],
  ] as const)('%s', (locale, catalogue) => {
    expect(catalogue.common.textPolicy).toEqual({
      invisible: STATUS_MESSAGES[STATUS.TEXT_INVISIBLE][locale],
      reserved: STATUS_MESSAGES[STATUS.NAME_RESERVED][locale],
    });
  });
});
