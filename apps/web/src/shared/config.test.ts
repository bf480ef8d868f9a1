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
    });
    expect(parseConfig(text)).toEqual({
      basePath: '/taleforge',
      testHost: 'qa.example.test',
      googleClientId: 'g-123',
      discordClientId: null,
      environment: 'production',
    });
  });

  it('keeps defaults for malformed fields', () => {
    const config = parseConfig(JSON.stringify({ basePath: 7, environment: 'staging' }));
    expect(config.basePath).toBe('/taleforge');
    expect(config.environment).toBe('development');
  });
});
