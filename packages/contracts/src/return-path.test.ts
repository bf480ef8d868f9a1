import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.js';

describe('safeReturnPath', () => {
  it('keeps paths on this site, with their query and hash', () => {
    for (const path of [
      '/',
      '/For_You',
      '/drama/3?chapter=2#top',
      '/profile/me',
      '/wallet?return=%2Fdrama%2F3',
      '/drama/9?q=%E4%B8%AD',
      '/search?q=a%20b',
    ]) {
      expect(safeReturnPath(path), path).toBe(path);
    }
  });

  it('refuses every way off the site', () => {
    for (const path of [
      '/\t/evil.example/x',
      '/\n/evil.example',
      '/\r/evil.example',
      '\t//evil.example',
      ' /drama',
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/x\\y',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%5Cevil.example',
      '/%252F%252Fevil.example',
      '/%09/evil.example',
      '/..//evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.example',
      '',
      '/\u0000',
      '/\u2028/evil.example',
      '/%E0%A4%A',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(path), JSON.stringify(path)).toBeNull();
    }
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 3, ['/drama'], { path: '/' }]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('never gives back a value a browser would resolve to another origin', () => {
    const base = 'https://taleforge.example';
    const tricky = ['/\t/a', '/a', '/%2e%2e/%2e%2e//b', '/./a', '/a/../..//c', '/a?//b', '/a#//b'];
    for (const path of tricky) {
      const kept = safeReturnPath(path);
      if (kept !== null) expect(new URL(kept, base).origin, path).toBe(base);
    }
  });
});
