import { describe, expect, it } from 'vitest';
import { DEFAULT_BROWSE, readBrowseParams, writeBrowseParams } from './browse-params';

const read = (search: string) => readBrowseParams(new URLSearchParams(search));

describe('browse parameters in the URL', () => {
  it('reads a shared link back to the same filters', () => {
    const params = { type: 'MAGIC' as const, sort: 'new' as const, q: '学院' };
    expect(read(writeBrowseParams(params).toString())).toEqual(params);
  });

  it('writes nothing for the defaults, so the plain page is plain /browse', () => {
    expect(writeBrowseParams(DEFAULT_BROWSE).toString()).toBe('');
    expect(writeBrowseParams({ ...DEFAULT_BROWSE, q: '   ' }).toString()).toBe('');
  });

  it('falls back to the defaults for values a hand-edited link made up', () => {
    expect(read('type=WESTERN&sort=loudest')).toEqual(DEFAULT_BROWSE);
    expect(read('type=magic').type).toBeNull();
  });

  it('cuts an over-long search to the limit, counting characters not UTF-16 units', () => {
    expect(Array.from(read(`q=${'🔑'.repeat(60)}`).q)).toHaveLength(50);
  });
});
