import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayCount } from './play-count';

describe('a work’s play count', () => {
  it('says "New" for a work nobody has played, never "0 plays"', () => {
    render(<PlayCount count={0} className="stat" />);
    expect(screen.getByText('New')).toBeTruthy();
    expect(screen.queryByText(/plays?$/)).toBeNull();
  });

  it('abbreviates a large count and keeps the exact one in its title', () => {
    render(<PlayCount count={1234} className="stat" />);
    const stat = screen.getByText(/plays$/);
    expect(stat.textContent).toMatch(/^1\.2k plays$/);
    expect(stat.getAttribute('title')).toMatch(/^Played 1,?234 times$/);
  });
});
