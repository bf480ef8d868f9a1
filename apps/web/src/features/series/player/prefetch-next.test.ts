import { describe, expect, it } from 'vitest';
import { firstSegments, lowestVariant } from './prefetch-next';

describe('lowestVariant / firstSegments', () => {
  it('finds the smallest rendition of a master playlist, whatever its order', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=2400000,RESOLUTION=720x1280',
      '720/index.m3u8?sig=a',
      '#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=360x640',
      '360/index.m3u8?sig=a',
      '#EXT-X-STREAM-INF:BANDWIDTH=1200000,RESOLUTION=540x960',
      '540/index.m3u8?sig=a',
    ].join('\n');
    expect(lowestVariant(master)).toBe('360/index.m3u8?sig=a');
    expect(lowestVariant('#EXTM3U\n')).toBeNull();
  });

  it('names the initialisation section and the first segment of a media playlist', () => {
    const fmp4 = [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:3',
      '#EXT-X-MAP:URI="init.mp4?sig=a"',
      '#EXTINF:3.0,',
      'seg-0.m4s?sig=a',
      '#EXTINF:3.0,',
      'seg-1.m4s?sig=a',
    ].join('\r\n');
    expect(firstSegments(fmp4)).toEqual(['init.mp4?sig=a', 'seg-0.m4s?sig=a']);
    expect(firstSegments('#EXTM3U\n#EXTINF:3.0,\nseg-0.ts\n')).toEqual(['seg-0.ts']);
  });
});
