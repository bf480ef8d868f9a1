import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from './config';

describe('the studio’s runtime config', () => {
  it('reads what the server injected', () => {
    const config = parseConfig(
      JSON.stringify({
        apiBase: 'https://taleforge.app/taleforge/',
        playerUrl: 'https://taleforge.app/some/path',
        environment: 'production',
      }),
    );
    expect(config).toEqual({
      apiBase: 'https://taleforge.app/taleforge',
      playerUrl: 'https://taleforge.app',
      environment: 'production',
    });
  });

  it('keeps its defaults for anything missing or not an http(s) address', () => {
    expect(parseConfig(null)).toEqual(DEFAULT_CONFIG);
    expect(parseConfig('{not json')).toEqual(DEFAULT_CONFIG);
    expect(
      parseConfig(
        JSON.stringify({ apiBase: 'javascript:alert(1)', playerUrl: 42, environment: 'staging' }),
      ),
    ).toEqual(DEFAULT_CONFIG);
  });
});
