import type { PlayState } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { ChoiceList } from './choice-list';
import { DiceGame } from './minigames/dice-game';
import { PuzzleGame } from './minigames/puzzle-game';
import { WordGame } from './minigames/word-game';
import type { PlayAction } from './use-play';

interface Props {
  state: PlayState;
  busy: boolean;
  act: (action: PlayAction) => unknown;
  onTalk: (npcId: number) => void;
}

/** What the player can do once a step's lines are read: choose, play a mini-game, or talk. */
export function StepActions({ state, busy, act, onTalk }: Props) {
  const { t } = useTranslation();
  const { minigame, conversation } = state;
  return (
    <>
      {state.choices.length > 0 && !minigame && (
        <ChoiceList
          choices={state.choices}
          disabled={busy}
          onChoose={(i) => void act({ type: 'choose', choice_index: i })}
        />
      )}
      {minigame?.kind === 'puzzle' && (
        <PuzzleGame
          key={minigame.key}
          game={minigame}
          disabled={busy}
          onSubmit={(slots) => void act({ type: 'minigame_move', move: { slots } })}
        />
      )}
      {minigame?.kind === 'dice' && (
        <DiceGame
          game={minigame}
          disabled={busy}
          onRoll={() => void act({ type: 'minigame_move', move: { action: 'roll' } })}
        />
      )}
      {minigame?.kind === 'word' && (
        <WordGame
          key={minigame.key}
          game={minigame}
          disabled={busy}
          onGuess={(guess) => void act({ type: 'minigame_move', move: { guess } })}
        />
      )}
      {conversation && (
        <section className="conversation" aria-labelledby="conversation-title">
          <h2 id="conversation-title">
            {t('play.conversation.title', { name: conversation.npc_name })}
          </h2>
          <p>{conversation.goal_text}</p>
          <div className="conversation__actions">
            <button
              type="button"
              className="button button--gold"
              onClick={() => onTalk(conversation.npc_id)}
            >
              {t('play.conversation.talk', { name: conversation.npc_name })}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void act({ type: 'continue' })}
            >
              {t('play.conversation.continue')}
            </button>
          </div>
        </section>
      )}
    </>
  );
}
