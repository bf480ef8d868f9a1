import { describe, expect, it } from 'vitest';
import { htmlLangOf, resolveLocale } from './resolve-locale';

describe('resolveLocale', () => {
  it('prefers the stored choice', () => {
    expect(resolveLocale('ja_JP', ['zh-CN'])).toBe('ja_JP');
    expect(resolveLocale('zh_CN', [])).toBe('zh_CN');
  });

  it('ignores a stored value that is not a supported locale', () => {
    expect(resolveLocale('fr_FR', ['ja'])).toBe('ja_JP');
    expect(resolveLocale('', ['zh-TW'])).toBe('zh_CN');
  });

  it('maps browser languages by prefix, in order of preference', () => {
    expect(resolveLocale(null, ['zh-Hans-CN'])).toBe('zh_CN');
    expect(resolveLocale(null, ['ZH'])).toBe('zh_CN');
    expect(resolveLocale(null, ['ja-JP', 'en'])).toBe('ja_JP');
    expect(resolveLocale(null, ['en-GB'])).toBe('en_US');
    expect(resolveLocale(null, ['de-DE', 'fr', 'ja'])).toBe('ja_JP');
  });

  it('does not mistake other languages for supported ones', () => {
    expect(resolveLocale(null, ['jam'])).toBe('en_US');
    expect(resolveLocale(null, ['zha'])).toBe('en_US');
  });

  it('falls back to English', () => {
    expect(resolveLocale(undefined)).toBe('en_US');
    expect(resolveLocale(null, ['de', 'ko'])).toBe('en_US');
  });

  it('gives BCP 47 tags for <html lang>', () => {
    expect(htmlLangOf('zh_CN')).toBe('zh-CN');
    expect(htmlLangOf('ja_JP')).toBe('ja-JP');
  });
});
