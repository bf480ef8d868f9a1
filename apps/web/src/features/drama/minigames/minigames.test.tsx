import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DiceGame } from './dice-game';
import { PuzzleGame } from './puzzle-game';
import { WordGame } from './word-game';

describe('mini-games', () => {
  it('puzzle: pieces go into the next free slot, come back on a tap, and the order is sent', () => {
    const onSubmit = vi.fn();
    const game = {
      kind: 'puzzle' as const,
      key: 'p',
      prompt: 'Order them',
      pieces: [
        { id: 'x1', label: 'two' },
        { id: 'y2', label: 'one' },
      ],
    };
    render(<PuzzleGame game={game} disabled={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check order' }));
    // Empty slots go to the server as they are: it answers "Please fill all puzzle slots first".
    expect(onSubmit).toHaveBeenLastCalledWith([null, null]);
    fireEvent.click(screen.getByRole('button', { name: 'two' }));
    fireEvent.click(screen.getByRole('button', { name: 'one' }));
    // A placed piece leaves the tray.
    expect(screen.queryByRole('button', { name: 'one' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Slot 1: two. Take it back' }));
    fireEvent.click(screen.getByRole('button', { name: 'two' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check order' }));
    expect(onSubmit).toHaveBeenLastCalledWith(
      ['two', 'one'].map((l) => game.pieces.find((p) => p.label === l)!.id),
    );
  });

  it('puzzle: scrolls itself into view once when it appears, not on every move', () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const game = {
      kind: 'puzzle' as const,
      key: 'p',
      prompt: 'Order them',
      pieces: [{ id: 'x1', label: 'one' }],
    };
    render(<PuzzleGame game={game} disabled={false} onSubmit={vi.fn()} />);
    expect(scroll).toHaveBeenCalledOnce();
    expect(scroll.mock.contexts[0]).toBe(screen.getByTestId('puzzle'));
    expect(scroll).toHaveBeenCalledWith({ block: 'nearest', behavior: 'smooth' });
    fireEvent.click(screen.getByRole('button', { name: 'one' }));
    expect(scroll).toHaveBeenCalledOnce();
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('dice: asks the server to roll and shows both dice and the score', () => {
    const onRoll = vi.fn();
    const game = {
      kind: 'dice' as const,
      key: 'd',
      opponent_name: 'Moss',
      opponent_npc_id: 1,
      target: 2,
      player: 1,
      rival: 0,
      rolls: [{ player: 5, rival: 2 }],
    };
    render(<DiceGame game={game} disabled={false} onRoll={onRoll} />);
    expect(screen.getByRole('img', { name: 'Your die: 5' })).toBeTruthy();
    expect(screen.getByRole('img', { name: "Moss's die: 2" })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Roll the dice' }));
    expect(onRoll).toHaveBeenCalledTimes(1);
  });

  it('word: tiles tapped in order make the guess', () => {
    const onGuess = vi.fn();
    const game = {
      kind: 'word' as const,
      key: 'w',
      clue: 'It glows',
      tiles: ['p', 'm', 'a', 'l'],
      attempts_left: 3,
      misses: [],
    };
    render(<WordGame game={game} disabled={false} onGuess={onGuess} />);
    expect(screen.getByText('3 guesses left')).toBeTruthy();
    for (const letter of ['l', 'a', 'm', 'p'])
      fireEvent.click(screen.getByRole('button', { name: letter }));
    expect((screen.getByLabelText('Your answer') as HTMLInputElement).value).toBe('lamp');
    fireEvent.click(screen.getByRole('button', { name: 'Guess' }));
    expect(onGuess).toHaveBeenCalledWith('lamp');
  });

  it('word: a guess the server judged wrong says so, with the guesses left', () => {
    const game = {
      kind: 'word' as const,
      key: 'w',
      clue: 'It glows',
      tiles: ['p', 'm', 'a', 'l'],
      attempts_left: 3,
      misses: [],
    };
    const { rerender } = render(<WordGame game={game} disabled={false} onGuess={() => {}} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(
      <WordGame
        game={{ ...game, attempts_left: 2, misses: ['palm'] }}
        disabled={false}
        onGuess={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('“palm” is not the word. 2 guesses left.');
    rerender(
      <WordGame
        game={{ ...game, attempts_left: 1, misses: ['palm', 'malp'] }}
        disabled={false}
        onGuess={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('“malp” is not the word. 1 guess left.');
  });
});
