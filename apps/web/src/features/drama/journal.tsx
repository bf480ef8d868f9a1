import type { ChapterInfo, PlayState, ResourceInfo } from '@taleforge/contracts';
import { useTranslation } from 'react-i18next';
import { ChapterList } from './chapter-list';
import { ItemIcon } from './item-icon';
import { StatBar } from './stat-bar';

type Props = {
  state: PlayState | null;
  resources: ResourceInfo | undefined;
  busy: boolean;
  onUseItem: (key: string) => void;
  onOpenChapter: (chapter: ChapterInfo) => void;
  onRewind: (step: number) => void;
  /** Opens a conversation with a character the player has met. */
  onTalk: (npcId: number) => void;
};

/** The player's side of the story: stats, tasks, characters, inventory, chapters, earlier choices. */
export function Journal({
  state,
  resources,
  busy,
  onUseItem,
  onOpenChapter,
  onRewind,
  onTalk,
}: Props) {
  const { t } = useTranslation();
  const stats = state?.stats;
  return (
    <div className="journal">
      {stats && (
        <section className="journal__section" aria-labelledby="journal-stats">
          <h2 id="journal-stats">{t('play.journal.stats')}</h2>
          <StatBar label={t('play.stats.health')} value={stats.health} max={100} tone="health" />
          <StatBar label={t('play.stats.magic')} value={stats.magic} max={100} tone="magic" />
          <StatBar
            label={t('play.stats.experience')}
            value={stats.experience}
            max={Math.max(100, stats.experience)}
            tone="experience"
          />
          <p className="journal__line">
            <span>{t('play.stats.stars')}</span>
            <strong className="stars">★ {stats.stars}</strong>
          </p>
          {stats.defence > 0 && (
            <p className="journal__line">
              <span>{t('play.stats.defence')}</span>
              <strong>{stats.defence}%</strong>
            </p>
          )}
        </section>
      )}

      <section className="journal__section" aria-labelledby="journal-tasks">
        <h2 id="journal-tasks">{t('play.journal.tasks')}</h2>
        {state?.tasks.length ? (
          <ul className="task-list">
            {state.tasks.map((task) => (
              <li key={task.key} className={task.done ? 'task task--done' : 'task'}>
                <span className="task__box" aria-hidden="true">
                  {task.done ? '✓' : ''}
                </span>
                <span>{task.title}</span>
                <span className="sr-only">
                  {task.done ? t('play.tasks.done') : t('play.tasks.open')}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="journal__empty">{t('play.tasks.none')}</p>
        )}
      </section>

      {state && state.npcs.length > 0 && (
        <section className="journal__section" aria-labelledby="journal-npcs">
          <h2 id="journal-npcs">{t('play.journal.characters')}</h2>
          {state.npcs.map((npc) => {
            const portrait = resources?.npcs.find((n) => n.id === npc.npc_id)?.portraits.normal;
            return (
              <div key={npc.key} className="npc-status">
                {portrait && <img className="npc-status__face" src={portrait} alt="" />}
                <div className="npc-status__bars">
                  <div className="npc-status__head">
                    <strong>{npc.name}</strong>
                    <button
                      type="button"
                      className="button button--small button--ghost"
                      aria-label={t('play.conversation.talk', { name: npc.name })}
                      onClick={() => onTalk(npc.npc_id)}
                    >
                      {t('play.journal.talk')}
                    </button>
                  </div>
                  <StatBar
                    owner={npc.name}
                    label={t('play.stats.health')}
                    value={npc.health}
                    max={100}
                    tone="health"
                  />
                  <StatBar
                    owner={npc.name}
                    label={t('play.stats.magic')}
                    value={npc.magic}
                    max={100}
                    tone="magic"
                  />
                  <StatBar
                    owner={npc.name}
                    label={t('play.stats.experience')}
                    value={npc.experience}
                    max={Math.max(50, npc.experience)}
                    tone="experience"
                  />
                </div>
              </div>
            );
          })}
        </section>
      )}

      <section className="journal__section" aria-labelledby="journal-items">
        <h2 id="journal-items">{t('play.journal.inventory')}</h2>
        {state?.inventory.length ? (
          <ul className="inventory">
            {state.inventory.map((item) => (
              <li key={item.key} className="item">
                <span className="item__icon">
                  <ItemIcon item={item.key} />
                </span>
                <span className="item__text">
                  <strong>
                    {t(`items.${item.key}.name`)} ×{item.count}
                  </strong>
                  <span>{t(`items.${item.key}.effect`)}</span>
                </span>
                {item.usable && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    disabled={busy || !!state.chapter_ended}
                    onClick={() => onUseItem(item.key)}
                    aria-label={t('play.items.useNamed', { name: t(`items.${item.key}.name`) })}
                  >
                    {t('play.items.use')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="journal__empty">{t('play.items.none')}</p>
        )}
      </section>

      {resources && (
        <section className="journal__section" aria-labelledby="journal-chapters">
          <h2 id="journal-chapters">{t('play.journal.chapters')}</h2>
          <ChapterList
            chapters={resources.chapters}
            currentId={state?.chapter_id ?? null}
            disabled={busy}
            onOpen={onOpenChapter}
          />
        </section>
      )}

      {state && state.history.length > 0 && (
        <section className="journal__section" aria-labelledby="journal-history">
          <h2 id="journal-history">{t('play.journal.history')}</h2>
          <ol className="history">
            {state.history.map((h) => (
              <li key={h.step}>
                <span className="history__choice">{h.choice}</span>
                <button
                  type="button"
                  className="button button--small button--ghost"
                  disabled={busy}
                  onClick={() => onRewind(h.step)}
                  aria-label={t('play.history.rewindTo', { choice: h.choice })}
                >
                  {t('play.history.rewind')}
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
