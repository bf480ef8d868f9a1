import { describe, expect, it } from 'vitest';
import { pickSubtitles } from './subtitle-choice';

const all = ['en_US', 'zh_CN', 'ja_JP'] as const;

describe('pickSubtitles', () => {
  it('shows the interface language by default', () => {
    expect(pickSubtitles(all, 'ja_JP', null)).toBe('ja_JP');
    expect(pickSubtitles(all, 'zh_CN', null)).toBe('zh_CN');
  });

  it('keeps the viewer’s pick, including off, while the video has it', () => {
    expect(pickSubtitles(all, 'en_US', 'zh_CN')).toBe('zh_CN');
    expect(pickSubtitles(all, 'en_US', 'off')).toBe('off');
    expect(pickSubtitles(['en_US'], 'ja_JP', 'zh_CN')).toBe('en_US');
  });

  it('falls back to the first language the video has, or none', () => {
    expect(pickSubtitles(['zh_CN', 'ja_JP'], 'en_US', null)).toBe('zh_CN');
    expect(pickSubtitles([], 'en_US', null)).toBe('off');
  });
});
