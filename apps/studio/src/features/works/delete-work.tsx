import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../shared/api';
import { ErrorMessage } from '../../shared/ui/error-message';
import { studioCalls, workKeys } from './works-api';

/**
 * Deleting a work, behind a modal confirmation. The native dialog keeps focus inside while open,
 * closes on Escape and gives focus back to the button that opened it; the safe choice (Cancel)
 * takes focus first so a stray Enter deletes nothing.
 */
export function DeleteWork({ id, title }: { id: number; title: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const client = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => request(studioCalls.remove, { body: { id } }),
    onSuccess: async () => {
      dialog.current?.close();
      client.removeQueries({ queryKey: workKeys.one(id) });
      await client.invalidateQueries({ queryKey: workKeys.list });
      await navigate('/');
    },
  });
  return (
    <section className="card danger-zone" aria-labelledby="delete-work-title">
      <h2 id="delete-work-title">{t('deleteWork.title')}</h2>
      <p className="hint">{t('deleteWork.hint')}</p>
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => {
          remove.reset();
          dialog.current?.showModal();
        }}
      >
        {t('deleteWork.open')}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby="delete-work-question">
        <h2 id="delete-work-question">{t('deleteWork.question', { title })}</h2>
        <p>{t('deleteWork.warning')}</p>
        <ErrorMessage error={remove.error} />
        <div className="row">
          {/* biome-ignore lint/a11y/noAutofocus: the dialog's safe choice takes focus as it opens */}
          <button type="button" className="btn" autoFocus onClick={() => dialog.current?.close()}>
            {t('deleteWork.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('deleteWork.confirm')}
          </button>
        </div>
      </dialog>
    </section>
  );
}
