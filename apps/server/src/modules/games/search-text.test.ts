import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search-text.js';

describe('search folding', () => {
  it('drops case and width, keeps CJK as it is', () => {
    expect(foldForSearch('ＡＩ　Dock')).toBe('ai dock');
    expect(foldForSearch('ｶﾌｪ')).toBe('カフェ');
    expect(foldForSearch('  Café\tNoir ')).toBe('cafe noir');
    expect(foldForSearch('余烬学院')).toBe('余烬学院');
  });

  it('takes accents off Latin letters, and keeps the voicing of kana', () => {
    expect(foldForSearch('Second Chance Café')).toBe('second chance cafe');
    expect(foldForSearch('CAFÉ')).toBe(foldForSearch('cafe'));
    // A decomposed é (e + U+0301), as macOS file names and some keyboards write it.
    expect(foldForSearch('Cafe\u0301')).toBe('cafe');
    expect(foldForSearch('Ærø Straße Łódź Pokémon Ñandú')).toBe('aero strasse lodz pokemon nandu');
    expect(foldForSearch('がっこう')).toBe('がっこう');
    expect(foldForSearch('ｶﾞｯｺｳ')).toBe('ガッコウ');
    expect(foldForSearch('パン')).not.toBe(foldForSearch('ハン'));
  });

  it('finds a folded search inside any of the texts', () => {
    expect(matchesSearch(foldForSearch('cafe'), ['Second Chance Café'])).toBe(true);
    expect(matchesSearch(foldForSearch('café'), ['Second Chance Cafe'])).toBe(true);
    expect(matchesSearch(foldForSearch('ＮＯＩＲ'), ['The Lantern Ledger', 'noir'])).toBe(true);
    expect(matchesSearch(foldForSearch('学院'), ['余烬学院'])).toBe(true);
    expect(matchesSearch(foldForSearch('zebra'), ['The Lantern Ledger', 'noir'])).toBe(false);
  });
});
