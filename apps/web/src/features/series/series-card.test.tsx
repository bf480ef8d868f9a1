import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildGameCard } from '../../test/games';
import { SeriesCard } from './series-card';

const showCard = (playCount: number) =>
  render(
    <MemoryRouter>
      <SeriesCard game={buildGameCard({ kind: 'series', play_count: playCount })} />
    </MemoryRouter>,
  );

describe('a series poster', () => {
  it('says "New" while nobody has watched it, not a play sign and a 0', () => {
    const { container } = showCard(0);
    expect(screen.getByText('New')).toBeTruthy();
    expect(container.querySelector('.poster-card__badge')?.textContent).toBe('New');
  });

  it('shows how many watched it, abbreviated', () => {
    const { container } = showCard(1234);
    expect(container.querySelector('.poster-card__badge')?.textContent).toBe('1.2k');
  });
});
