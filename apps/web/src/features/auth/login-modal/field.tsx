import { type InputHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Problem } from './validation';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  problem: Problem;
  /** The step's first field takes focus when the step appears. */
  autoFocusField?: boolean;
};

/** SPEC §5 messages for a field, with its label where the message names one. */
export function useProblemMessage() {
  const { t } = useTranslation();
  return (label: string, problem: Problem): string | null => {
    if (!problem) return null;
    switch (problem.kind) {
      case 'required':
        return t('auth.validation.required', { label });
      case 'format':
        return t('auth.validation.format');
      case 'min':
        return t('auth.validation.min', { label, min: problem.min });
      case 'max':
        return t('auth.validation.max', { label, max: problem.max });
      case 'mismatch':
        return t('auth.validation.mismatch');
      case 'invisible':
        return t('common.textPolicy.invisible');
      case 'reserved':
        return t('common.textPolicy.reserved');
    }
  };
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function Field({
  label,
  value,
  onValueChange,
  problem,
  autoFocusField,
  ...input
}: FieldProps) {
  const id = useId();
  const errorId = useId();
  const message = useProblemMessage()(label, problem);
  return (
    <div className="login-field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="field-input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        data-autofocus={autoFocusField ? '' : undefined}
      />
      <p id={errorId} className="field-error" role={message ? 'alert' : undefined}>
        {message}
      </p>
    </div>
  );
}

type FieldBinding = Pick<FieldProps, 'value' | 'onValueChange' | 'problem'>;

/** A new password and its confirmation, side by side; the first takes focus. */
export function NewPasswordFields(props: {
  label: string;
  password: FieldBinding;
  confirm: FieldBinding;
}) {
  const { t } = useTranslation();
  return (
    <div className="login-form__pair">
      <Field
        label={props.label}
        type="password"
        autoComplete="new-password"
        {...props.password}
        autoFocusField
      />
      <Field
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...props.confirm}
      />
    </div>
  );
}

/** The six-digit code from the mail. */
export function CodeField(props: FieldBinding & { autoFocusField?: boolean }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      {...props}
    />
  );
}
