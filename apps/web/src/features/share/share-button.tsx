import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../shared/ui/toast/toast-store';
import { type ShareData, shareLink, shareUrl } from './share-link';

/** What is shared: a work (its play page) or a player's profile. */
export type ShareTarget = { kind: 'work'; id: number } | { kind: 'profile'; taleforgeId: string };

interface Props {
  target: ShareTarget;
  /** The work's title or the player's name, as the page shows it. */
  name: string;
  /** An icon alone (the play header) or an icon with its word (the profile). */
  /** `button`: icon and word; `icon`: the icon alone; `rail`: a slot of the play page's social rail. */
  look?: 'button' | 'icon' | 'rail';
  className?: string;
}

const ShareIcon = ({ size }: { size: number }) => (
  <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" fill="none">
    <path d="M12 3v12M7.5 7.5 12 3l4.5 4.5" stroke="currentColor" strokeWidth="2" />
    <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" stroke="currentColor" strokeWidth="2" />
  </svg>
);

const pathOf = (target: ShareTarget) =>
  target.kind === 'work'
    ? `/drama/${target.id}`
    : `/profile/${encodeURIComponent(target.taleforgeId)}`;

const LOOK_CLASS = {
  button: 'button button--ghost button--small',
  icon: 'icon-button',
  rail: 'work-social__button',
} as const;

/**
 * Share: the system's share sheet on a phone, else the link copied with a toast. The link is the
 * page's canonical address, whose HTML the server fills with the preview tags (decision 37).
 */
export function ShareButton({ target, name, look = 'button', className = '' }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const label = target.kind === 'work' ? t('share.workLabel') : t('share.profileLabel', { name });

  const handleClick = async () => {
    if (busy) return;
    const url = shareUrl(pathOf(target));
    const data: ShareData | null = url
      ? {
          title: name,
          text:
            target.kind === 'work'
              ? t('share.workText', { name })
              : t('share.profileText', { name }),
          url,
        }
      : null;
    setBusy(true);
    const outcome = await shareLink(data);
    setBusy(false);
    if (outcome === 'copied') toast.success(t('share.copied'));
    else if (outcome === 'copy_failed') toast.error(t('share.copyFailed'));
    else if (outcome === 'link_failed') toast.error(t('share.linkFailed'));
  };

  const base = LOOK_CLASS[look];
  return (
    <button
      type="button"
      className={`${base} share-button ${className}`.trim()}
      aria-label={label}
      title={label}
      // Not `disabled`: that would drop keyboard focus while the sheet is open.
      aria-disabled={busy || undefined}
      onClick={() => void handleClick()}
    >
      <ShareIcon size={look === 'rail' ? 24 : 18} />
      {look === 'button' && <span>{t('share.button')}</span>}
      {look === 'rail' && <span aria-hidden="true">{t('share.button')}</span>}
    </button>
  );
}
