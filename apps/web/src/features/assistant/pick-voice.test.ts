import { describe, expect, it } from 'vitest';
import { pickVoice } from './pick-voice';

const voice = (name: string, lang: string) => ({ name, lang, default: false });

const voices = [
  voice('Google US English', 'en-US'),
  voice('Microsoft Aria Online (Natural) - English (United States)', 'en-US'),
  voice('Microsoft Guy Online (Natural) - English (United States)', 'en-US'),
  voice('Daniel', 'en-GB'),
  voice('Microsoft Xiaoxiao Online (Natural) - Chinese (Mainland)', 'zh-CN'),
  voice('Microsoft Yunxi Online (Natural) - Chinese (Mainland)', 'zh-CN'),
  voice('Google 日本語', 'ja-JP'),
];

describe('a browser voice for the avatar', () => {
  it('picks a voice of the avatar in the reply language', () => {
    expect(pickVoice(voices, 'female', 'en_US')?.name).toMatch(/Aria/);
    expect(pickVoice(voices, 'male', 'en_US')?.name).toMatch(/Guy/);
    expect(pickVoice(voices, 'female', 'zh_CN')?.name).toMatch(/Xiaoxiao/);
    expect(pickVoice(voices, 'male', 'zh_CN')?.name).toMatch(/Yunxi/);
  });

  it('does not read "Female" as male', () => {
    const only = [voice('English Female', 'en-US'), voice('English Male', 'en-US')];
    expect(pickVoice(only, 'female', 'en_US')?.name).toBe('English Female');
    expect(pickVoice(only, 'male', 'en_US')?.name).toBe('English Male');
  });

  it('falls back to a voice whose name says nothing, never one of the other avatar', () => {
    expect(pickVoice(voices, 'male', 'ja_JP')?.name).toBe('Google 日本語');
    expect(pickVoice([voice('Kyoko', 'ja-JP')], 'male', 'ja_JP')).toBeNull();
  });

  it('finds nothing when no voice speaks the language', () => {
    expect(pickVoice([voice('Daniel', 'en-GB')], 'male', 'zh_CN')).toBeNull();
  });
});
