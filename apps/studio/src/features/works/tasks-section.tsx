import { useTranslation } from 'react-i18next';
import { LocalizedFields } from './localized-fields';
import type { WorkDraft } from './use-work-draft';

/** Tasks the story marks done with `# task: key`, shown in the player's task list. */
export function TasksSection({ state }: { state: WorkDraft }) {
  const { t } = useTranslation();
  const { draft, edit } = state;
  if (!draft) return null;
  const tasks = draft.tasks;
  return (
    <div className="stack">
      <p className="hint">{t('tasks.hint')}</p>
      {tasks.map((task, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the key is being edited in this very form; a key from it would remount the form, and lose focus, at every keystroke
        <div key={index} className="card">
          <label className="field">
            <span>{t('tasks.key')}</span>
            <input
              value={task.key}
              maxLength={64}
              onChange={(event) =>
                edit({
                  tasks: tasks.map((other, i) =>
                    i === index ? { ...other, key: event.target.value.toLowerCase() } : other,
                  ),
                })
              }
            />
          </label>
          <LocalizedFields
            legend={t('tasks.title')}
            value={task.title}
            maxLength={80}
            name
            onChange={(title) =>
              edit({ tasks: tasks.map((other, i) => (i === index ? { ...other, title } : other)) })
            }
          />
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => edit({ tasks: tasks.filter((_, i) => i !== index) })}
          >
            {t('tasks.remove')}
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn"
        onClick={() => edit({ tasks: [...tasks, { key: `task${tasks.length + 1}`, title: {} }] })}
      >
        {t('tasks.add')}
      </button>
    </div>
  );
}
