import type { ChapterInfo } from '@taleforge/contracts';
import type { Expression } from '@taleforge/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { WorkSocialBar } from '../social/work-social-bar';
import { ChapterEnd } from './chapter-end';
import { ChapterUpdatedNotice } from './chapter-updated-notice';
import { DialogueBox } from './dialogue-box';
import { Journal } from './journal';
import { JournalDrawer } from './journal-drawer';
import { PlayFailed } from './play-failed';
import { PlayHeader } from './play-header';
import { parseGameId, type playLoader } from './play-loader';
import { PlaySkeleton } from './play-skeleton';
import { chatPortrait, storyPortrait } from './stage-portrait';
import { StepActions } from './step-actions';
import { useLineCursor } from './use-line-cursor';
import { useGameResources, usePlay } from './use-play';
import './play.css';

// The wallet's purchase dialog; fetched when a player first reaches for a locked chapter.
const UnlockDialog = lazy(() =>
  import('../wallet/unlock-dialog').then((m) => ({ default: m.UnlockDialog })),
);
/** A series' page, for the ids of `/drama/{id}` that are series rather than stories. */
const SeriesPage = lazy(() =>
  import('../series/series-page').then((m) => ({ default: m.SeriesPage })),
);
/** The chat panel and its streaming client load only when a conversation is opened. */
const ChatPanel = lazy(() => import('./chat/chat-panel'));

const parseNpcId = (raw: string | null): number | null =>
  raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;

/**
 * `/drama/{id}` plays a story game or shows a series (decision 38): the game card in the
 * resources says which, and the story waits for it, so a series never shows a story's failure.
 * A series known from a list skips the story's opening request too (play-loader.ts).
 */
export function DramaPlayPage() {
  const gameId = parseGameId(useParams().id);
  const loaded = useLoaderData() as ReturnType<typeof playLoader> | undefined;
  const resources = useGameResources(gameId, loaded?.opening);
  const kind = loaded?.series
    ? 'series'
    : (resources.data?.game.kind ?? (resources.failureCount > 0 || gameId === 0 ? 'story' : null));
  if (kind === 'story') return <StoryPlayPage resources={resources} />;
  if (kind === null) return <PlaySkeleton />;
  return (
    <Suspense fallback={null}>
      <SeriesPage gameId={gameId} />
    </Suspense>
  );
}

function StoryPlayPage({ resources }: { resources: ReturnType<typeof useGameResources> }) {
  const { t } = useTranslation();
  const gameId = parseGameId(useParams().id);
  const opening = (useLoaderData() as ReturnType<typeof playLoader> | undefined)?.opening;
  const { state, busy, failed, start, act, markSeen } = usePlay(gameId, opening);
  const queryClient = useQueryClient();
  const [journalOpen, setJournalOpen] = useState(false);
  const [unlocking, setUnlocking] = useState<ChapterInfo | null>(null);
  const [params, setParams] = useSearchParams();
  // `?chat=<npc id>`: back from the wallet's top-up, into the conversation the player left.
  const [chatWith, setChatWith] = useState<number | null>(() => parseNpcId(params.get('chat')));
  // The face the character in conversation shows now: the stage beside the panel follows it.
  const [chatFace, setChatFace] = useState<Expression | null>(null);
  const closeChat = useCallback(() => {
    setChatWith(null);
    setChatFace(null);
    // Closed, it stays closed on a reload.
    if (!params.has('chat')) return;
    setParams(
      (p) => {
        p.delete('chat');
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);
  // A reached goal moved the story on server-side: read the play state again.
  const handleStoryContinued = useCallback(() => void start(), [start]);
  const { index, advance, finished, lineKey } = useLineCursor(state, markSeen);
  const [typedLine, setTypedLine] = useState('');
  const handleTyped = useCallback(() => setTypedLine(lineKey), [lineKey]);
  usePageTitle(resources.data?.game.title ?? t('titles.dramaPlay'));

  const line = state?.lines[Math.min(index, state.lines.length - 1)];
  const portrait =
    chatWith !== null
      ? chatPortrait(resources.data, chatWith, chatFace)
      : storyPortrait(state, index, resources.data);
  const scene = resources.data?.scenes.find((s) => s.key === state?.scene)?.url;
  // Choices and games wait until the last line has been read out in full.
  const ready = finished && !busy && (!state?.lines.length || typedLine === lineKey);

  // A game opened from further down the home page starts at the top of its stage.
  useEffect(() => {
    if (gameId) window.scrollTo(0, 0);
  }, [gameId]);

  const closeJournal = useCallback(() => setJournalOpen(false), []);

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

  if (gameId === 0 || (failed !== null && !state)) {
    const handleRetry = () => {
      if (resources.isError) void resources.refetch();
      void start();
    };
    return (
      <PlayFailed status={gameId === 0 ? null : failed} retrying={busy} onRetry={handleRetry} />
    );
  }

  return (
    <div className="play" aria-busy={!state}>
      <div className="play__stage">
        {scene && <img className="play__scene" src={scene} alt="" />}
        <PlayHeader
          state={state}
          resources={resources.data}
          journalOpen={journalOpen}
          onToggleJournal={() => setJournalOpen((o) => !o)}
        />

        {/* The rail stands in the room above the dialogue, so a long line or a card never
            runs under it. */}
        <div className="play__middle">
          {portrait && (
            <img
              key={portrait.url}
              className="play__portrait"
              src={portrait.url}
              alt={portrait.name}
            />
          )}
          <WorkSocialBar
            gameId={gameId}
            title={resources.data?.game.title ?? ''}
            creator={resources.data?.game.creator}
          />
        </div>

        <div className="play__bottom">
          {state && (
            <ChapterUpdatedNotice
              state={state}
              busy={busy}
              onRestart={() => void start(state.chapter_id, true)}
            />
          )}
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
            <StepActions state={state} busy={busy} act={act} onTalk={setChatWith} />
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

      <JournalDrawer open={journalOpen} onClose={closeJournal}>
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
      </JournalDrawer>

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
