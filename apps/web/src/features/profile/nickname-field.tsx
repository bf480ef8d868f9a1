import { LIMITS } from '@taleforge/contracts/constants';
import { checkCharacterCount } from '@taleforge/contracts/text-length';
import { isBlank, isReservedName, nameProblem } from '@taleforge/contracts/text-policy';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api';
import { toast } from '../../shared/ui/toast/toast-store';
import { InlineFormFooter } from './inline-form-footer';
import { useSaveNickname } from './profile-api';
import { PencilIcon } from './profile-icons';

/**
 * SPEC §5: 2 to 30 characters once trimmed, with the SPEC's own words; and the text policy
 * (decision 50) in the server's words, in the order its schema asks. Answers a catalogue key.
 */
export function nicknameProblem(value: string): string | null {
  const nick = value.trim();
  if (nameProblem(nick) === 'invisible') return 'common.textPolicy.invisible';
  const problem = checkCharacterCount(
    isBlank(nick) ? '' : nick,
    LIMITS.profileNicknameMin,
    LIMITS.profileNicknameMax,
  );
  if (problem === 'min') return 'profile.nicknameMin';
  if (problem === 'max') return 'profile.nicknameMax';
  return isReservedName(nick) ? 'common.textPolicy.reserved' : null;
}

/** The nickname as the page's heading; its owner edits it in place. */
export function NicknameField({
  taleforgeId,
  name,
  editable,
  headingId,
}: {
  taleforgeId: string;
  name: string;
  editable: boolean;
  headingId: string;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveNickname(taleforgeId);
  const inputId = useId();
  const errorId = useId();

  const start = () => {
    setValue(name);
    setError(null);
    setEditing(true);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = nicknameProblem(value);
    if (problem) {
      setError(t(problem));
      return;
    }
    save.mutate(value.trim(), {
      onSuccess: () => {
        setEditing(false);
        toast.success(t('profile.saved'));
      },
      onError: (failure) => {
        // A refusal (a moderated word) is worded by the server; anything else is "Failed to save".
        if (isApiError(failure) && failure.kind === 'status' && failure.desc)
          setError(failure.desc);
        else toast.error(t('profile.saveFailed'));
      },
    });
  };

  if (!editing) {
    return (
      <div className="profile-name">
        <h1 id={headingId} className="profile-name__text">
          {name}
        </h1>
        {editable && (
          <button
            type="button"
            className="icon-button profile-name__edit"
            onClick={start}
            aria-label={t('profile.editNickname')}
            title={t('profile.editNickname')}
          >
            <PencilIcon />
          </button>
        )}
      </div>
    );
  }

  return (
    <form className="profile-inline-form" onSubmit={handleSubmit} noValidate>
      <h1 id={headingId} className="sr-only">
        {name}
      </h1>
      <label htmlFor={inputId} className="sr-only">
        {t('profile.nicknameLabel')}
      </label>
      <input
        id={inputId}
        className="profile-input"
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setEditing(false);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete="nickname"
        // biome-ignore lint/a11y/noAutofocus: the player just asked to edit this field.
        autoFocus
      />
      <InlineFormFooter
        pending={save.isPending}
        onCancel={() => setEditing(false)}
        error={error}
        errorId={errorId}
      />
    </form>
  );
}
