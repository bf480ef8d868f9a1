import { describe, expect, it } from 'vitest';
import { gameListQuerySchema } from './calls/games.js';
import { decodeGameListCursor, encodeGameListCursor, GAME_LIST_SEARCH_MAX } from './game-list.js';

describe('game list cursor', () => {
  it('reads back what it wrote, negative keys included', () => {
    for (const cursor of [
      { sort: 'new', key: 1_764_000_000_123_456, id: 7 },
      { sort: 'rating', key: -3, id: 1 },
    ] as const) {
      expect(decodeGameListCursor(encodeGameListCursor(cursor))).toEqual(cursor);
    }
  });

  it('refuses anything it did not write', () => {
    for (const text of [
      '',
      'popular',
      'popular_1',
      'popular_1_0',
      'loud_1_2',
      'popular_1_2x',
      'popular_1.5_2',
      'popular_1_99999999999999999',
    ]) {
      expect(decodeGameListCursor(text)).toBeNull();
    }
  });
});

describe('game list query', () => {
  const parse = (query: Record<string, unknown>) => gameListQuerySchema.safeParse(query);

  it('defaults to the most played, twenty a page, no search', () => {
    expect(parse({}).data).toEqual({ sort: 'popular', page_size: 20 });
  });

  it('trims the search and treats a blank one as none', () => {
    expect(parse({ q: '  灯笼 ' }).data?.q).toBe('灯笼');
    expect(parse({ q: '   ' }).data?.q).toBeNull();
    expect(parse({ q: '' }).data?.q).toBeNull();
  });

  it('counts the search limit in characters', () => {
    expect(parse({ q: '🔑'.repeat(GAME_LIST_SEARCH_MAX) }).success).toBe(true);
    expect(parse({ q: '🔑'.repeat(GAME_LIST_SEARCH_MAX + 1) }).success).toBe(false);
    expect(parse({ q: 'a\u0000b' }).success).toBe(false);
  });

  it('names the cursor when it does not parse', () => {
    expect(parse({ cursor: 'popular_1_0' }).error?.issues[0]?.path).toEqual(['cursor']);
  });

  it('names the cursor when it belongs to another order', () => {
    const result = parse({ sort: 'new', cursor: 'popular_10_3' });
    expect(result.error?.issues[0]?.path).toEqual(['cursor']);
    expect(parse({ sort: 'new', cursor: 'new_10_3' }).data?.cursor).toEqual({
      sort: 'new',
      key: 10,
      id: 3,
    });
  });

  it('refuses a script type outside SPEC §3', () => {
    expect(parse({ script_type: 'WESTERN' }).error?.issues[0]?.path).toEqual(['script_type']);
  });
});
