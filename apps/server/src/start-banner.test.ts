import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startBanner } from './start-banner.js';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'development', DATA_DIR: '/srv/tf-data', ...env });

describe('the development start banner', () => {
  it('says where the sites and the mailbox are, on the ports the server listens on', () => {
    const text = startBanner(config({ PORT: '8090', STUDIO_PORT: '8091' }), {
      studio: 'http://localhost:8091',
    });
    expect(text).toContain('Player site   http://localhost:8090');
    expect(text).toContain('Studio        http://localhost:8091');
    expect(text).toContain('Dev mailbox   http://localhost:8090/dev/mailbox');
    expect(text).toContain('npm run invites -- create --count 1 --uses 1');
    expect(text).not.toContain('8080');
  });

  it('names each optional part that is off with the variable that turns it on', () => {
    const text = startBanner(config(), { studio: null });
    for (const setting of [
      'LLM_BASE_URL',
      'STT_BASE_URL',
      'SMTP_URL',
      'REDIS_URL',
      'MEDIA_S3_BUCKET',
      'DATABASE_URL',
    ]) {
      expect(text).toContain(setting);
    }
    expect(text).toContain('Studio        off');
  });

  it('leaves out what is on, and the mailbox when mail really goes out', () => {
    const text = startBanner(
      config({ SMTP_URL: 'smtp://mail.example.test:587', REDIS_URL: 'redis://127.0.0.1:6379' }),
      { studio: null, notes: ['Demo videos: ffmpeg lacks libx264.'] },
    );
    expect(text).not.toContain('SMTP_URL');
    expect(text).not.toContain('REDIS_URL');
    expect(text).not.toContain('Dev mailbox');
    expect(text).toContain('Demo videos: ffmpeg lacks libx264.');
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
  });
});
