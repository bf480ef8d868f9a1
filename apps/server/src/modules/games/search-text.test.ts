import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search-text.js';

describe('search folding', () => {
  it('drops case and width, keeps CJK as it is', () => {
    expect(foldForSearch('ＡＩ　Dock')).toBe('ai dock');
    expect(foldForSearch('ｶﾌｪ')).toBe('カフェ');
    expect(foldForSearch('  Café\tNoir ')).toBe('café noir');
    expect(foldForSearch('余烬学院')).toBe('余烬学院');
  });

  it('finds a folded search inside any of the texts', () => {
    expect(matchesSearch(foldForSearch('ＮＯＩＲ'), ['The Lantern Ledger', 'noir'])).toBe(true);
    expect(matchesSearch(foldForSearch('学院'), ['余烬学院'])).toBe(true);
    expect(matchesSearch(foldForSearch('zebra'), ['The Lantern Ledger', 'noir'])).toBe(false);
  });
});
