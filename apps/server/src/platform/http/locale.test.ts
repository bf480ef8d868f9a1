import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale.js';

describe('resolveLocale', () => {
  it('uses lang when it is one of ours', () => {
    expect(resolveLocale('zh_CN', 'ja')).toBe('zh_CN');
    expect(resolveLocale('ja_JP', undefined)).toBe('ja_JP');
  });

  it('falls back to Accept-Language, then English', () => {
    expect(resolveLocale(undefined, 'zh-TW,zh;q=0.9')).toBe('zh_CN');
    expect(resolveLocale('klingon', 'ja-JP')).toBe('ja_JP');
    expect(resolveLocale(['en_US', 'zh_CN'], 'fr-FR')).toBe('en_US');
    expect(resolveLocale('', undefined)).toBe('en_US');
  });
});
