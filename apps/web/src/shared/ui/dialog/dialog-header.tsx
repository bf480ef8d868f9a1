import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';

type Props = { titleId: string; title: ReactNode; onClose?: (() => void) | undefined };

/** A dialog's title, named by `titleId` for the Modal's label, and its close button. */
export function DialogHeader({ titleId, title, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <header className="dialog__header">
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      {onClose && (
        <button
          type="button"
          className="icon-button"
          onClick={onClose}
          aria-label={t('common.close')}
        >
          <CloseIcon />
        </button>
      )}
    </header>
  );
}
