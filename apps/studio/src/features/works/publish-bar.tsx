import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { ErrorMessage } from '../../shared/ui/error-message';
import { useTokenSync } from '../auth/token-sync-context';
import type { WorkDraft } from './use-work-draft';
import { studioCalls } from './works-api';

/**
 * The work's state and what can be done with it: publish (saving pending edits first, so what is
 * published is what the creator sees), unpublish, and view it on the player site signed in as the
 * creator (the page opened here asks for the token, SPEC §4).
 */
export function PublishBar({ state }: { state: WorkDraft }) {
  const { t } = useTranslation();
  const sync = useTokenSync();
  const work = state.work.data!;
  const id = work.id;
  const publish = useMutation({
    mutationFn: async () => {
      if (state.dirty) await state.save.mutateAsync();
      return request(studioCalls.publish, { body: { id } });
    },
    onSuccess: () => void state.work.refetch(),
  });
  const unpublish = useMutation({
    mutationFn: () => request(studioCalls.unpublish, { body: { id } }),
    onSuccess: () => void state.work.refetch(),
  });
  const busy = publish.isPending || unpublish.isPending;
  return (
    <div className="publish-bar">
      <div className="publish-state">
        <span className={`state state-${work.state}`}>{t(`state.${work.state}`)}</span>
        {work.has_changes && work.state !== 'draft' && (
          <span className="badge">{t('works.unpublishedChanges')}</span>
        )}
      </div>
      <div className="row">
        {work.game_id !== null && work.state === 'published' && (
          <button type="button" className="btn" onClick={() => sync.open(`/drama/${work.game_id}`)}>
            {t('publish.view')}
          </button>
        )}
        {work.state === 'published' && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy}
            onClick={() => unpublish.mutate()}
          >
            {t('publish.unpublish')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => publish.mutate()}
        >
          {publish.isPending
            ? t('publish.publishing')
            : work.state === 'published'
              ? t('publish.republish')
              : t('publish.publish')}
        </button>
      </div>
      <ErrorMessage error={publish.error ?? unpublish.error} />
      {publish.isSuccess && !publish.isPending && <p role="status">{t('publish.done')}</p>}
    </div>
  );
}
