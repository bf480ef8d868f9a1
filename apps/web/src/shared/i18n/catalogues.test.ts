import { describe, expect, it } from 'vitest';
import en from './locales/en_US.json';
import ja from './locales/ja_JP.json';
import zh from './locales/zh_CN.json';

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

  it('has no empty strings', () => {
    for (const catalogue of [en, zh, ja]) {
      for (const key of english) expect(leaf(catalogue, key).trim(), key).not.toBe('');
    }
  });
});
