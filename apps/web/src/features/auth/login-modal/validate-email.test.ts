import { describe, expect, it } from 'vitest';
import { validateEmail } from './validate-email';

describe('validateEmail', () => {
  it('requires a value', () => {
    expect(validateEmail('')).toBe('required');
    expect(validateEmail('   ')).toBe('required');
  });

  it.each(['plain', 'a@b', 'a@@b.co', 'a b@c.co', '@b.co', 'a@b.', 'a@.co'])(
    'rejects %s',
    (email) => {
      expect(validateEmail(email)).toBe('format');
    },
  );

  it.each(['a@b.co', ' reader@example.com ', 'first.last+tag@mail.example.jp'])(
    'accepts %s',
    (email) => {
      expect(validateEmail(email)).toBeNull();
    },
  );
});
