import { describe, expect, it } from 'vitest';
import { playerKeyAction } from './player-keys';

const on = (tagName: string, type?: string) => ({ tagName, type });

describe('playerKeyAction', () => {
  it('maps Space and K to play/pause, the vertical arrows to episodes, the others to seeking', () => {
    const frame = on('DIV');
    expect(playerKeyAction(' ', frame)).toBe('toggle');
    expect(playerKeyAction('k', frame)).toBe('toggle');
    expect(playerKeyAction('K', frame)).toBe('toggle');
    expect(playerKeyAction('ArrowDown', frame)).toBe('next');
    expect(playerKeyAction('ArrowUp', frame)).toBe('previous');
    expect(playerKeyAction('ArrowRight', frame)).toBe('forward');
    expect(playerKeyAction('ArrowLeft', frame)).toBe('back');
    expect(playerKeyAction('Escape', frame)).toBeNull();
    expect(playerKeyAction('a', frame)).toBeNull();
  });

  it('leaves a focused control its own keys', () => {
    // A button clicks on Space; the lists and the seek bar move with the arrows.
    expect(playerKeyAction(' ', on('BUTTON'))).toBeNull();
    expect(playerKeyAction('k', on('BUTTON'))).toBe('toggle');
    expect(playerKeyAction('ArrowDown', on('BUTTON'))).toBe('next');
    expect(playerKeyAction('ArrowDown', on('SELECT'))).toBeNull();
    expect(playerKeyAction(' ', on('SELECT'))).toBeNull();
    expect(playerKeyAction('ArrowLeft', on('INPUT', 'range'))).toBeNull();
    expect(playerKeyAction('ArrowDown', on('INPUT', 'range'))).toBeNull();
    expect(playerKeyAction(' ', on('INPUT', 'range'))).toBe('toggle');
  });

  it('ignores keys pressed with a modifier (the browser’s and the system’s shortcuts)', () => {
    expect(playerKeyAction('ArrowDown', on('DIV'), true)).toBeNull();
  });
});
