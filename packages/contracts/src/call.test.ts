import { describe, expect, it } from 'vitest';
import { idSchema, pageQuerySchema, queryIdSchema } from './call.js';

describe('ids are strictly typed', () => {
  it('in a body, only a JSON number is an id', () => {
    expect(idSchema.parse(3)).toBe(3);
    for (const odd of [true, [3], '3', 3.5, 0, -1, 2 ** 31, null, { valueOf: 3 }])
      expect(idSchema.safeParse(odd).success, JSON.stringify(odd)).toBe(false);
  });

  it('in a query, only plain digits are read as an id', () => {
    expect(queryIdSchema.parse('42')).toBe(42);
    expect(queryIdSchema.parse(42)).toBe(42);
    for (const odd of ['1e3', ' 3', '3 ', '+3', '0x10', '3.0', 'true', '', '0', ['3', '3']])
      expect(queryIdSchema.safeParse(odd).success, JSON.stringify(odd)).toBe(false);
  });

  it('paging follows the same rule and keeps its defaults', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
    expect(pageQuerySchema.parse({ page: '2', page_size: '5' })).toEqual({ page: 2, page_size: 5 });
    expect(pageQuerySchema.safeParse({ page: '2e0' }).success).toBe(false);
  });
});
