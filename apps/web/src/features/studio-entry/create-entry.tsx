import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../shared/ui/dialog/dialog-store';
import { Icon, type IconProps } from '../../shared/ui/icons';
import { loginModalStore } from '../auth/login-modal/login-modal-store';
import { useSignedInUser } from '../auth/session';
import {
  clearPendingCreate,
  hasPendingCreate,
  isCreator,
  openStudio,
  startCreate,
  studioAddress,
} from './open-studio';
import './create-entry.css';

export const QuillIcon = ({ size = 22, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <path d="M20 4c-6 0-11 4-13 10l-2 6 6-2c6-2 10-7 10-13z" />
    <path d="M5 20l7-7" />
  </Icon>
);

type CreateButtonProps = {
  className: string;
  iconSize?: number;
  /** The visible words; "Create" unless the place says more (an empty works tab). */
  label?: string;
};

/**
 * A "create" entry point: opens the studio in a new tab, or tells a visitor to log in first.
 * Nothing shows where no studio is configured.
 */
export function CreateButton({ className, iconSize = 22, label }: CreateButtonProps) {
  const { t } = useTranslation();
  if (!studioAddress()) return null;
  return (
    <button
      type="button"
      className={className}
      onClick={() => startCreate(t('create.loginToCreate'))}
    >
      <QuillIcon size={iconSize} />
      <span className="create-entry__label">{label ?? t('create.label')}</span>
      <span className="sr-only">{t('create.newTab')}</span>
    </button>
  );
}

/**
 * After a visitor who asked to create signs in, the studio opens. A browser may block a tab
 * opened without a tap (an email sign-in reloads the page first): then a dialog offers the tap.
 */
export function CreateAfterSignIn() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const creator = user !== null && user.oauth_enum !== 'DF_ID';

  useEffect(() => {
    if (!creator || !hasPendingCreate()) return;
    clearPendingCreate();
    if (openStudio()) return;
    openDialog({
      title: t('create.readyTitle'),
      body: (close) => (
        <div className="create-ready">
          <p>{t('create.readyBody')}</p>
          <button
            type="button"
            className="button button--gold"
            data-autofocus
            onClick={() => {
              openStudio();
              close();
            }}
          >
            {t('create.open')}
          </button>
        </div>
      ),
    });
  }, [creator, t]);

  // Closing the login dialog without signing in drops the wish to create.
  useEffect(
    () =>
      loginModalStore.subscribe(() => {
        if (!loginModalStore.getSnapshot().open && !isCreator()) clearPendingCreate();
      }),
    [],
  );
  return null;
}
