import { z } from 'zod';
import { LIMITS } from './constants.js';
import { checkCharacterCount } from './text-length.js';

type StringPayload = z.core.ParsePayload<string>;

/**
 * min to max characters (code points, as the form counts them). The issues are zod's own
 * too_small / too_big, so the server words them in the request's language like any other.
 */
export function characterCount(min: number, max: number) {
  return (ctx: StringPayload) => {
    const problem = checkCharacterCount(ctx.value, min, max);
    if (problem === 'min')
      ctx.issues.push({
        code: 'too_small',
        origin: 'string',
        minimum: min,
        inclusive: true,
        input: ctx.value,
      });
    else if (problem === 'max')
      ctx.issues.push({
        code: 'too_big',
        origin: 'string',
        maximum: max,
        inclusive: true,
        input: ctx.value,
      });
  };
}

/** NUL cannot be stored in a PostgreSQL text column, and a lone surrogate cannot be encoded. */
const UNSTORABLE = /\0|\p{Cs}/u;

/**
 * The one rule for all text the server is sent (every query value, body string and key, header):
 * text it can store and compare comes back from the database unchanged.
 */
export const isStorable = (text: string): boolean => !UNSTORABLE.test(text);

/** The same rule inside a form's schema, so the browser refuses such text before sending it. */
export function storable(ctx: StringPayload): void {
  if (!isStorable(ctx.value)) ctx.issues.push({ code: 'custom', input: ctx.value });
}

/** SPEC §5: 6 to 20 characters, taken as typed (no trimming). */
export const passwordSchema = z
  .string()
  .check(characterCount(LIMITS.passwordMin, LIMITS.passwordMax));

/** SPEC §5: nickname at login and registration, 3 to 20 characters once trimmed. */
export const loginNicknameSchema = z
  .string()
  .trim()
  .check(characterCount(LIMITS.loginNicknameMin, LIMITS.loginNicknameMax), storable);

/** SPEC §5: nickname on the profile, 2 to 30 characters once trimmed. */
export const profileNicknameSchema = z
  .string()
  .trim()
  .check(characterCount(LIMITS.profileNicknameMin, LIMITS.profileNicknameMax), storable);
