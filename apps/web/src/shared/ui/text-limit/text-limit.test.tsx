import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextLimitCounter, textLimit } from './text-limit';

const counter = (text: string, max: number) => {
  const { container } = render(<TextLimitCounter id="c" limit={textLimit(text, max)} />);
  return container.firstElementChild!;
};

describe('the text limit', () => {
  it('counts as the server does: characters, not UTF-16 units, trimmed', () => {
    expect(textLimit('  héllo 👋🏽  ', 10)).toMatchObject({ count: 8, over: false });
    expect(textLimit('x'.repeat(11), 10)).toMatchObject({ count: 11, over: true, near: true });
  });

  it('is quiet until the last fifth of the limit, then counts', () => {
    expect(counter('x'.repeat(79), 100).textContent).toBe('');
    expect(counter('x'.repeat(80), 100).textContent).toBe('80/100');
    expect(counter('x'.repeat(100), 100).textContent).toBe('100/100');
  });

  it('says past the limit how many characters are too many', () => {
    const over = counter('x'.repeat(101), 100);
    expect(over.textContent).toBe('101/100 · 1 character too many');
    expect(over.className).toContain('text-limit--over');
    expect(counter('x'.repeat(112), 100).textContent).toBe('112/100 · 12 characters too many');
    expect(screen.getAllByText(/too many/)).toHaveLength(2);
  });
});
