import { PROFILE_LIMITS } from '@taleforge/contracts/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api';
import { TextLimitCounter, textLimit } from '../../shared/ui/text-limit/text-limit';
import { toast } from '../../shared/ui/toast/toast-store';
import { InlineFormFooter } from './inline-form-footer';
import { useUpdateProfile } from './profile-api';
import { PencilIcon } from './profile-icons';

/** The bio under the name; its owner edits it in place, up to 160 characters. */
export function BioField({
  taleforgeId,
  bio,
  editable,
}: {
  taleforgeId: string;
  bio: string;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(bio);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile(taleforgeId);
  const inputId = useId();
  const errorId = useId();
  const counterId = useId();
  const limit = textLimit(value, PROFILE_LIMITS.bioMaxChars);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The counter says how many characters are too many; Save waits.
    if (limit.over) return;
    update.mutate(
      { bio: value.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: (failure) => {
          if (isApiError(failure) && failure.kind === 'status' && failure.desc) {
            setError(failure.desc);
          } else toast.error(t('profile.saveFailed'));
        },
      },
    );
  };

  if (!editing) {
    return (
      <div className="profile-bio">
        <p className={bio ? 'profile-bio__text' : 'profile-bio__text profile-bio__text--empty'}>
          {bio || (editable ? t('profile.noBioOwn') : t('profile.noBio'))}
        </p>
        {editable && (
          <button
            type="button"
            className="icon-button profile-bio__edit"
            onClick={() => {
              setValue(bio);
              setError(null);
              setEditing(true);
            }}
            aria-label={t('profile.editBio')}
            title={t('profile.editBio')}
          >
            <PencilIcon size={16} />
          </button>
        )}
      </div>
    );
  }

  return (
    <form
      className="profile-inline-form profile-inline-form--bio"
      onSubmit={handleSubmit}
      noValidate
    >
      <label htmlFor={inputId} className="sr-only">
        {t('profile.bioLabel')}
      </label>
      <textarea
        id={inputId}
        className="profile-input profile-input--bio"
        value={value}
        rows={3}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setEditing(false);
        }}
        aria-invalid={error || limit.over ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        // biome-ignore lint/a11y/noAutofocus: the player just asked to edit this field.
        autoFocus
      />
      <InlineFormFooter
        pending={update.isPending}
        onCancel={() => setEditing(false)}
        error={error}
        errorId={errorId}
        blocked={limit.over}
        extra={
          <span className="profile-counter">
            <TextLimitCounter id={counterId} limit={limit} />
          </span>
        }
      />
    </form>
  );
}
