import { LIMITS } from '@taleforge/contracts/constants';
import { checkCharacterCount } from '@taleforge/contracts/text-length';
import { isBlank, isReservedName, nameProblem } from '@taleforge/contracts/text-policy';

/** What is wrong with a field; the step turns it into the SPEC §5 message with the field's label. */
export type Problem =
  | { kind: 'required' }
  | { kind: 'format' }
  | { kind: 'min'; min: number }
  | { kind: 'max'; max: number }
  | { kind: 'mismatch' }
  | { kind: 'invisible' }
  | { kind: 'reserved' }
  | null;

/** Deliberately loose: the server's schema is the authority; this only catches obvious slips. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const CODE_PATTERN = /^\d{6}$/;

/** Counted as the server's contract counts, so the form and the server never disagree. */
function length(value: string, min: number, max: number): Problem {
  if (value === '') return { kind: 'required' };
  const broken = checkCharacterCount(value, min, max);
  if (broken === 'min') return { kind: 'min', min };
  if (broken === 'max') return { kind: 'max', max };
  return null;
}

/** SPEC §5: required, valid format. */
export function validateEmail(value: string): Problem {
  const email = value.trim();
  if (email === '') return { kind: 'required' };
  return EMAIL_PATTERN.test(email) && email.length <= 254 ? null : { kind: 'format' };
}

/** SPEC §5: required, 6 to 20 characters (spaces count: a password is taken as typed). */
export const validatePassword = (value: string): Problem =>
  length(value, LIMITS.passwordMin, LIMITS.passwordMax);

/** SPEC §5: 6 to 20 and equal to the password. */
export const validateConfirm = (value: string, password: string): Problem =>
  validatePassword(value) ?? (value === password ? null : { kind: 'mismatch' });

/** SPEC §5: required; the mail carries six digits, so anything else cannot be right. */
export function validateCode(value: string): Problem {
  const code = value.trim();
  if (code === '') return { kind: 'required' };
  return CODE_PATTERN.test(code) ? null : { kind: 'format' };
}

/**
 * SPEC §5: nickname at login and registration, required, 3 to 20 characters; and the text
 * policy (decision 50), in the order the server's schema asks: hidden characters, length, reserved.
 */
export function validateNickname(value: string): Problem {
  const nick = value.trim();
  if (nameProblem(nick) === 'invisible') return { kind: 'invisible' };
  return (
    length(isBlank(nick) ? '' : nick, LIMITS.loginNicknameMin, LIMITS.loginNicknameMax) ??
    (isReservedName(nick) ? { kind: 'reserved' } : null)
  );
}

/** SPEC §5: registration needs an invite code. */
export const validateInviteCode = (value: string): Problem =>
  value.trim() === '' ? { kind: 'required' } : null;
