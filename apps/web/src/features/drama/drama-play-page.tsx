import type { ChapterInfo, PlayState, ResourceInfo } from '@taleforge/contracts';
import type { Expression } from '@taleforge/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useParams } from 'react-router';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { ChapterEnd } from './chapter-end';
import { ChoiceList } from './choice-list';
import { DialogueBox } from './dialogue-box';
import { Journal } from './journal';
import { DiceGame } from './minigames/dice-game';
import { PuzzleGame } from './minigames/puzzle-game';
import { WordGame } from './minigames/word-game';
import { MusicToggle } from './music-toggle';
import { parseGameId, type playLoader } from './play-loader';
import { useGameResources, usePlay } from './use-play';
import './play.css';

// The wallet's purchase dialog; fetched when a player first reaches for a locked chapter.
const UnlockDialog = lazy(() =>
  import('../wallet/unlock-dialog').then((m) => ({ default: m.UnlockDialog })),
);
/** The chat panel and its streaming client load only when a conversation is opened. */
const ChatPanel = lazy(() => import('./chat/chat-panel'));

/** Which line of the latest step is on screen; a step that brings no new lines keeps its place. */
function useLineCursor(state: PlayState | null) {
  const key = state ? JSON.stringify(state.lines) : '';
  const [cursor, setCursor] = useState({ key: '', index: 0 });
  if (cursor.key !== key) setCursor({ key, index: 0 });
  const index = cursor.key === key ? cursor.index : 0;
  const advance = () => setCursor((c) => ({ ...c, index: c.index + 1 }));
  const finished = !state || state.lines.length === 0 || index >= state.lines.length - 1;
  return { index, advance, finished, lineKey: `${key}#${index}` };
}

function portraitOf(state: PlayState | null, index: number, resources: ResourceInfo | undefined) {
  if (!state || !resources) return null;
  // The last character who spoke up to this line stays on stage.
  for (let i = Math.min(index, state.lines.length - 1); i >= 0; i--) {
    const line = state.lines[i]!;
    if (line.npc_id) {
      const npc = resources.npcs.find((n) => n.id === line.npc_id);
      return npc ? { url: npc.portraits[line.expression ?? 'normal'], name: npc.name } : null;
    }
  }
  return null;
}

function chatPortrait(
  resources: ResourceInfo | undefined,
  npcId: number,
  expression: Expression | null,
) {
  const npc = resources?.npcs.find((n) => n.id === npcId);
  return npc ? { url: npc.portraits[expression ?? 'normal'], name: npc.name } : null;
}

export function DramaPlayPage() {
  const { t } = useTranslation();
  const gameId = parseGameId(useParams().id);
  const opening = (useLoaderData() as ReturnType<typeof playLoader> | undefined)?.opening;
  const resources = useGameResources(gameId, opening);
  const { state, busy, failed, start, act } = usePlay(gameId, opening);
  const queryClient = useQueryClient();
  const [journalOpen, setJournalOpen] = useState(false);
  const [unlocking, setUnlocking] = useState<ChapterInfo | null>(null);
  const [chatWith, setChatWith] = useState<number | null>(null);
  // The face the character in conversation shows now: the stage beside the panel follows it.
  const [chatFace, setChatFace] = useState<Expression | null>(null);
  const closeChat = useCallback(() => {
    setChatWith(null);
    setChatFace(null);
  }, []);
  // A reached goal moved the story on server-side: read the play state again.
  const handleStoryContinued = useCallback(() => void start(), [start]);
  const { index, advance, finished, lineKey } = useLineCursor(state);
  const [typedLine, setTypedLine] = useState('');
  const handleTyped = useCallback(() => setTypedLine(lineKey), [lineKey]);
  usePageTitle(resources.data?.game.title ?? t('titles.dramaPlay'));

  const line = state?.lines[Math.min(index, state.lines.length - 1)];
  const portrait =
    chatWith !== null
      ? chatPortrait(resources.data, chatWith, chatFace)
      : portraitOf(state, index, resources.data);
  const scene = resources.data?.scenes.find((s) => s.key === state?.scene)?.url;
  const music = resources.data?.audio.find((a) => a.kind === 'music')?.url ?? null;
  // Choices and games wait until the last line has been read out in full.
  const ready = finished && !busy && (!state?.lines.length || typedLine === lineKey);

  // A game opened from further down the home page starts at the top of its stage.
  useEffect(() => {
    if (gameId) window.scrollTo(0, 0);
  }, [gameId]);

  useEffect(() => {
    if (!journalOpen) return;
    document.querySelector<HTMLElement>('.play__journal-close')?.focus();
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setJournalOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [journalOpen]);

  const openChapter = useMemo(
    () => (chapter: ChapterInfo) => {
      setJournalOpen(false);
      if (chapter.unlocked) {
        const current = chapter.id === state?.chapter_id;
        // The chapter being played stays where it is; a finished one starts again.
        if (!current || state?.chapter_ended) void start(chapter.id, current);
        return;
      }
      setUnlocking(chapter);
    },
    [start, state?.chapter_id, state?.chapter_ended],
  );

  const handleUnlocked = (chapter: ChapterInfo) => {
    setUnlocking(null);
    // The chapter list shows it open from now on, and the story goes straight into it.
    void queryClient.invalidateQueries({ queryKey: ['game-resources', gameId] });
    void start(chapter.id);
  };

  if (gameId === 0 || (failed && !state)) {
    return (
      <section className="play-missing">
        <h1>{t('play.missing')}</h1>
        <Link className="button button--ghost" to="/For_You">
          {t('common.backHome')}
        </Link>
      </section>
    );
  }

  return (
    <div className="play" aria-busy={!state}>
      <div className="play__stage">
        {scene && <img className="play__scene" src={scene} alt="" />}
        <header className="play__top">
          <Link to="/For_You" className="icon-button play__back" aria-label={t('common.backHome')}>
            ‹
          </Link>
          <div className="play__titles">
            <h1>{resources.data?.game.title ?? '…'}</h1>
            {state && (
              <p>
                {t('play.chapters.title', {
                  n: resources.data?.chapters.find((c) => c.id === state.chapter_id)?.position ?? 1,
                  title: state.chapter_title,
                })}
              </p>
            )}
          </div>
          {state && (
            <span className="play__stars">
              <span aria-hidden="true">★ {state.stats.stars}</span>
              <span className="sr-only">
                {t('play.stats.starsCount', { count: state.stats.stars })}
              </span>
            </span>
          )}
          <MusicToggle url={music} />
          <button
            type="button"
            className="button button--small button--ghost play__journal-toggle"
            aria-expanded={journalOpen}
            aria-controls="play-journal"
            onClick={() => setJournalOpen((o) => !o)}
          >
            {t('play.journal.open')}
          </button>
        </header>

        {portrait ? (
          <img
            key={portrait.url}
            className="play__portrait"
            src={portrait.url}
            alt={portrait.name}
          />
        ) : (
          <div className="play__spacer" />
        )}

        <div className="play__bottom">
          {state?.outcome && index === 0 && (
            <p className={`outcome outcome--${state.outcome.won ? 'won' : 'lost'}`} role="status">
              {t(state.outcome.won ? 'play.outcome.won' : 'play.outcome.lost')}
            </p>
          )}
          {line ? (
            <DialogueBox
              line={line}
              hasMore={!finished}
              onDone={advance}
              onTyped={handleTyped}
              instant={typedLine === lineKey}
            />
          ) : (
            !state && <p className="dialogue dialogue--loading">{t('play.loading')}</p>
          )}

          {state && ready && !state.chapter_ended && (
            <>
              {state.choices.length > 0 && !state.minigame && (
                <ChoiceList
                  choices={state.choices}
                  disabled={busy}
                  onChoose={(i) => void act({ type: 'choose', choice_index: i })}
                />
              )}
              {state.minigame?.kind === 'puzzle' && (
                <PuzzleGame
                  key={state.minigame.key}
                  game={state.minigame}
                  disabled={busy}
                  onSubmit={(slots) => void act({ type: 'minigame_move', move: { slots } })}
                />
              )}
              {state.minigame?.kind === 'dice' && (
                <DiceGame
                  game={state.minigame}
                  disabled={busy}
                  onRoll={() => void act({ type: 'minigame_move', move: { action: 'roll' } })}
                />
              )}
              {state.minigame?.kind === 'word' && (
                <WordGame
                  key={state.minigame.key}
                  game={state.minigame}
                  disabled={busy}
                  onGuess={(guess) => void act({ type: 'minigame_move', move: { guess } })}
                />
              )}
              {state.conversation && (
                <section className="conversation" aria-labelledby="conversation-title">
                  <h2 id="conversation-title">
                    {t('play.conversation.title', { name: state.conversation.npc_name })}
                  </h2>
                  <p>{state.conversation.goal_text}</p>
                  <div className="conversation__actions">
                    <button
                      type="button"
                      className="button button--gold"
                      onClick={() => setChatWith(state.conversation!.npc_id)}
                    >
                      {t('play.conversation.talk', { name: state.conversation.npc_name })}
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
          )}
          {state?.chapter_ended && ready && (
            <ChapterEnd
              state={state}
              disabled={busy}
              onNext={openChapter}
              onReplay={() => void start(state.chapter_id, true)}
            />
          )}
        </div>
      </div>

      {chatWith !== null && (
        <Suspense fallback={null}>
          <ChatPanel
            gameId={gameId}
            npcId={chatWith}
            resources={resources.data}
            onClose={closeChat}
            onExpression={setChatFace}
            onStoryContinued={handleStoryContinued}
          />
        </Suspense>
      )}

      <aside
        id="play-journal"
        className={`play__journal ${journalOpen ? 'play__journal--open' : ''}`}
        aria-label={t('play.journal.label')}
      >
        <button
          type="button"
          className="icon-button play__journal-close"
          onClick={() => setJournalOpen(false)}
          aria-label={t('common.close')}
        >
          ×
        </button>
        <Journal
          state={state}
          resources={resources.data}
          busy={busy}
          onUseItem={(key) => void act({ type: 'use_item', item_key: key })}
          onOpenChapter={openChapter}
          onRewind={(step) => {
            setJournalOpen(false);
            void act({ type: 'rewind', to_step: step });
          }}
          onTalk={(npcId) => {
            setJournalOpen(false);
            setChatWith(npcId);
          }}
        />
      </aside>

      {unlocking && (
        <Suspense fallback={null}>
          <UnlockDialog
            target={{
              kind: 'chapter',
              gameId,
              targetId: unlocking.id,
              price: unlocking.price_gems,
              name: t('play.chapters.title', { n: unlocking.position, title: unlocking.title }),
            }}
            onUnlocked={() => handleUnlocked(unlocking)}
            onClose={() => setUnlocking(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
