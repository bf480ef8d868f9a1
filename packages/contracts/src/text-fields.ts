import { z } from 'zod';
import { LIMITS } from './constants.js';
import { STATUS } from './status.js';
import { checkCharacterCount } from './text-length.js';
import { cleanText, hasInvisible, isBlank, isReservedName } from './text-policy.js';

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

/**
 * A refusal that has its own catalogued status: the server answers that status and its message
 * (not 1001 "field: message"), and the sites show the same words before sending.
 */
export type StatusIssueParams = { status: number };

const blankIsEmpty = (text: string) => (isBlank(text) ? '' : text);

function visibleName(ctx: StringPayload): void {
  if (hasInvisible(ctx.value))
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      params: { status: STATUS.TEXT_INVISIBLE } satisfies StatusIssueParams,
    });
}

function unreservedName(ctx: StringPayload): void {
  if (isReservedName(ctx.value))
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      params: { status: STATUS.NAME_RESERVED } satisfies StatusIssueParams,
    });
}

/**
 * The text policy for a name people see (a nickname, a work's or chapter's title, a character's
 * name): trimmed; any invisible or direction-changing character refused (text-policy.ts); a name
 * of nothing visible is empty, so it is "too short" like an empty one. Decision 50.
 */
export const nameText = (min: number, max: number) =>
  z.string().trim().overwrite(blankIsEmpty).check(visibleName, characterCount(min, max), storable);

/** A nickname: a name that also may not be, or look like, a reserved one ('admin', 'Taleforge'). */
export const nicknameText = (min: number, max: number) => nameText(min, max).check(unreservedName);

/**
 * The text policy for free text people see (a comment, a bio, a message): invisible and
 * direction-changing characters removed, trimmed; nothing visible left is empty, so it is
 * "too short" where the field needs a text and an empty text where it may be empty. Decision 50.
 */
export const freeText = (min: number, max: number) =>
  z.string().overwrite(cleanText).overwrite(blankIsEmpty).check(characterCount(min, max), storable);

/** SPEC §5: 6 to 20 characters, taken as typed (no trimming). */
export const passwordSchema = z
  .string()
  .check(characterCount(LIMITS.passwordMin, LIMITS.passwordMax));

/** SPEC §5: nickname at login and registration, 3 to 20 characters once trimmed. */
export const loginNicknameSchema = nicknameText(LIMITS.loginNicknameMin, LIMITS.loginNicknameMax);

/** SPEC §5: nickname on the profile, 2 to 30 characters once trimmed. */
export const profileNicknameSchema = nicknameText(
  LIMITS.profileNicknameMin,
  LIMITS.profileNicknameMax,
);
