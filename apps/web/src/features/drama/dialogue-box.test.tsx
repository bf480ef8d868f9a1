import type { StoryLine } from '@taleforge/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogueBox } from './dialogue-box';

const line: StoryLine = {
  text: 'I have been counting the stars for you.',
  speaker: 'ari',
  speaker_name: 'ARI',
  npc_id: 1,
  expression: null,
};

const renderLine = (hasMore: boolean) =>
  render(
    <DialogueBox line={line} hasMore={hasMore} onDone={() => {}} onTyped={() => {}} instant />,
  );

describe('the dialogue line', () => {
  // WCAG 2.5.3 (axe: label-content-name-mismatch): the name holds what the button shows.
  it('is named by its speaker and whole line, and describes the tap as "Next line"', () => {
    renderLine(true);
    const button = screen.getByRole('button', {
      name: 'ARI: I have been counting the stars for you.',
      description: 'Next line',
    });
    expect(button.getAttribute('aria-label')).toBeNull();
  });

  it('shows narration unnamed and in its own style, even with a character on stage', () => {
    const narration: StoryLine = {
      text: 'The bell over the door jingles.',
      speaker: null,
      speaker_name: null,
      npc_id: 1,
      expression: 'happy',
    };
    render(
      <DialogueBox line={narration} hasMore={false} onDone={() => {}} onTyped={() => {}} instant />,
    );
    const button = screen.getByRole('button', { name: 'The bell over the door jingles.' });
    expect(button.classList.contains('dialogue--narration')).toBe(true);
    expect(button.querySelector('.dialogue__speaker')).toBeNull();
  });

  it('names the speaker of a spoken line, not in narration style', () => {
    renderLine(false);
    const button = screen.getByRole('button', { name: /^ARI: / });
    expect(button.classList.contains('dialogue--narration')).toBe(false);
    expect(button.querySelector('.dialogue__speaker')?.textContent).toBe('ARI');
  });

  it('has no "Next line" description on the last line', () => {
    renderLine(false);
    const button = screen.getByRole('button', {
      name: 'ARI: I have been counting the stars for you.',
    });
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });
});
