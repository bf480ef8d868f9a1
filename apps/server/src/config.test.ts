import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('needs nothing installed: embedded database, port 8080, ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      PRODUCT_SLUG: 'taleforge',
      NODE_ENV: 'development',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('reads and coerces the environment', () => {
    const config = loadConfig({
      PORT: '9001',
      DATABASE_URL: 'postgres://u:p@db:5432/tf',
      TRUST_PROXY: 'true',
      DATA_DIR: '/srv/tf',
    });
    expect(config).toMatchObject({
      PORT: 9001,
      DATABASE_URL: 'postgres://u:p@db:5432/tf',
      TRUST_PROXY: true,
      dataDir: '/srv/tf',
    });
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', PRODUCT_SLUG: '/bad slug', DATABASE_URL: 'not a url' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', PRODUCT_SLUG: '/bad slug' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/PRODUCT_SLUG/);
    }
  });
});
