/** Deliberately loose: the server's schema is the authority; this only catches obvious slips. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export type EmailProblem = 'required' | 'format' | null;

/** SPEC §5: email is required and must have a valid format. */
export function validateEmail(value: string): EmailProblem {
  const email = value.trim();
  if (email === '') return 'required';
  return EMAIL_PATTERN.test(email) && email.length <= 254 ? null : 'format';
}
