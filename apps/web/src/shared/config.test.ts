import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from './config';

describe('parseConfig', () => {
  it('uses the defaults when the server injected nothing', () => {
    expect(parseConfig(null)).toEqual(DEFAULT_CONFIG);
    expect(parseConfig('')).toEqual(DEFAULT_CONFIG);
    expect(parseConfig('not json')).toEqual(DEFAULT_CONFIG);
  });

  it('reads the injected values', () => {
    const text = JSON.stringify({
      basePath: '/taleforge/',
      testHost: 'qa.example.test',
      googleClientId: 'g-123',
      discordClientId: '',
      environment: 'production',
      publicUrl: 'https://play.example.com/',
      studioOrigin: 'https://studio.example.com/',
      studioUrl: 'https://studio.example.com/create',
    });
    expect(parseConfig(text)).toEqual({
      basePath: '/taleforge',
      testHost: 'qa.example.test',
      googleClientId: 'g-123',
      discordClientId: null,
      environment: 'production',
      publicUrl: 'https://play.example.com',
      studioOrigin: 'https://studio.example.com',
      studioUrl: 'https://studio.example.com/create',
    });
  });

  it('keeps defaults for malformed fields', () => {
    const config = parseConfig(JSON.stringify({ basePath: 7, environment: 'staging' }));
    expect(config.basePath).toBe('/taleforge');
    expect(config.environment).toBe('development');
    for (const publicUrl of ['javascript:alert(1)', 'not a url', 42]) {
      expect(parseConfig(JSON.stringify({ publicUrl })).publicUrl).toBeNull();
      const studio = parseConfig(JSON.stringify({ studioOrigin: publicUrl, studioUrl: publicUrl }));
      expect([studio.studioOrigin, studio.studioUrl]).toEqual([null, null]);
    }
  });
});
