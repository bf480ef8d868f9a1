import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { providerName } from './modules/llm/create-provider.js';

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

  it('gives out addresses on the ports it listens on unless PUBLIC_URL names others', () => {
    expect(loadConfig({})).toMatchObject({
      PUBLIC_URL: 'http://localhost:8080',
      studioOrigin: 'http://localhost:8081',
    });
    expect(loadConfig({ PORT: '8090', STUDIO_PORT: '8091' })).toMatchObject({
      PUBLIC_URL: 'http://localhost:8090',
      studioOrigin: 'http://localhost:8091',
    });
    // Behind a proxy the public addresses win over the ports the process listens on.
    expect(
      loadConfig({
        PORT: '3000',
        PUBLIC_URL: 'https://play.example.com',
        STUDIO_PUBLIC_URL: 'https://studio.example.com/',
      }),
    ).toMatchObject({
      PUBLIC_URL: 'https://play.example.com',
      studioOrigin: 'https://studio.example.com',
    });
    expect(loadConfig({ PORT: '8090', STUDIO_PORT: '0' }).studioOrigin).toBeNull();
    // A port picked at random has no address to give out until one is named.
    expect(() => loadConfig({ PORT: '0' })).toThrow(/PUBLIC_URL: required by PORT=0/);
    expect(loadConfig({ PORT: '0', PUBLIC_URL: 'https://play.example.com' }).PUBLIC_URL).toBe(
      'https://play.example.com',
    );
  });

  it('takes TRUST_PROXY as a switch or the proxies addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1;' })).toThrow(/TRUST_PROXY/);
  });

  it('keeps the demo series videos in DATA_DIR unless DEMO_MEDIA_CACHE names a shared folder', () => {
    expect(loadConfig({ DATA_DIR: '/srv/tf' }).demoMediaCache).toBe('/srv/tf/demo-media');
    expect(loadConfig({ DATA_DIR: '/srv/tf', DEMO_MEDIA_CACHE: '/srv/cache' }).demoMediaCache).toBe(
      '/srv/cache',
    );
    expect(loadConfig({ DEMO_MEDIA_CACHE: '' }).demoMediaCache).toMatch(/\/data\/demo-media$/);
  });

  it('takes session lifetimes in days, fractions included, down to a second', () => {
    expect(loadConfig({ SESSION_TTL_DAYS: '0.5' }).SESSION_TTL_DAYS).toBe(0.5);
    expect(() => loadConfig({ SESSION_TTL_DAYS: '0' })).toThrow(/SESSION_TTL_DAYS/);
    expect(() => loadConfig({ SESSION_TTL_DAYS: '400' })).toThrow(/SESSION_TTL_DAYS/);
  });

  it('takes the embedded database buffers as a PostgreSQL size, and the demo frame rate in range', () => {
    expect(loadConfig({}).EMBEDDED_DB_BUFFERS).toBe('32MB');
    expect(loadConfig({ EMBEDDED_DB_BUFFERS: '16MB' }).database.embeddedBuffers).toBe('16MB');
    for (const value of ['16', 'lots', '0MB', '16 MB', '16mb']) {
      expect(() => loadConfig({ EMBEDDED_DB_BUFFERS: value }), value).toThrow(
        /EMBEDDED_DB_BUFFERS: a size such as 16MB or 1GB/,
      );
    }
    expect(loadConfig({}).DEMO_VIDEO_FPS).toBe(24);
    expect(loadConfig({ DEMO_VIDEO_FPS: '12' }).DEMO_VIDEO_FPS).toBe(12);
    for (const value of ['5', '31', '12.5', 'fast']) {
      expect(() => loadConfig({ DEMO_VIDEO_FPS: value }), value).toThrow(/DEMO_VIDEO_FPS/);
    }
  });

  it('reads the exchange rates top-up prices come from, and names what is wrong with them', () => {
    expect(loadConfig({}).FX_RATES).toEqual({ USD: 1, CNY: 7.1, JPY: 150 });
    expect(loadConfig({ FX_RATES: ' cny = 1 , USD=0.14,JPY=21.5' }).FX_RATES).toEqual({
      CNY: 1,
      USD: 0.14,
      JPY: 21.5,
    });
    for (const [value, message] of [
      ['USD=1,CNY=7.1', /needs a rate for JPY/],
      ['USD=1,CNY=7.1,JPY=150,EUR=0.9', /"EUR=0.9" is not/],
      ['USD=1,CNY=7.1,JPY=0', /"JPY=0" is not/],
      ['USD=1,CNY=seven,JPY=150', /"CNY=seven" is not/],
      ['USD=1,CNY=7.1,JPY=150,USD=2', /USD is named twice/],
      ['USD=1=2,CNY=7.1,JPY=150', /is not/],
    ] as const) {
      expect(() => loadConfig({ FX_RATES: value }), value).toThrow(message);
      expect(() => loadConfig({ FX_RATES: value }), value).toThrow(/FX_RATES/);
    }
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

  it('chooses the character engine: offline by default, openai once an endpoint is set', () => {
    expect(providerName(loadConfig({}))).toBe('offline');
    const hosted = loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3' });
    expect(providerName(hosted)).toBe('openai');
    expect(hosted).toMatchObject({ LLM_TIMEOUT_MS: 20_000, LLM_MAX_TOKENS: 400 });
    expect(providerName(loadConfig({ LLM_PROVIDER: 'offline', LLM_BASE_URL: 'http://x/v1' }))).toBe(
      'offline',
    );
  });

  it('keeps media on local disk unless a bucket is named, and takes its keys as a pair', () => {
    expect(loadConfig({}).MEDIA_S3_BUCKET).toBeUndefined();
    const s3 = loadConfig({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_FORCE_PATH_STYLE: 'true' });
    expect(s3.MEDIA_S3_FORCE_PATH_STYLE).toBe(true);
    expect(s3.MEDIA_S3_REGION).toBe('us-east-1');
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /MEDIA_S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'https://cdn.example' })).toThrow(
      /MEDIA_S3_BUCKET/,
    );
  });

  it('refuses the openai engine without an endpoint and a model', () => {
    expect(() => loadConfig({ LLM_PROVIDER: 'openai' })).toThrow(/LLM_BASE_URL[\s\S]*LLM_MODEL/);
    expect(() => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:8000/v1' })).toThrow(/LLM_MODEL/);
  });
});
