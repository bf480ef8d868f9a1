import { EXPRESSIONS, type Expression } from '@taleforge/contracts/constants';

/**
 * How a model tells us its structured part: after the reply text, one line
 * `[[meta {"expression":"smile","goal_reached":false}]]`. A trailer works with every
 * OpenAI-compatible server (tool calls do not, on many local ones) and streams: text before the
 * marker goes to the player, the marker and what follows never do.
 */
export const TRAILER_MARKER = '[[meta';

export function trailerInstruction(hasGoal: boolean): string {
  const goalPart = hasGoal
    ? ',"goal_reached":<true only if the player has truly achieved the goal above, else false>'
    : '';
  return [
    'After your reply, on a new line, write exactly one line in this form and nothing after it:',
    `${TRAILER_MARKER} {"expression":"<one of: ${EXPRESSIONS.join(', ')}>"${goalPart}}]]`,
  ].join('\n');
}

export function formatTrailer(expression: Expression): string {
  return `${TRAILER_MARKER} {"expression":"${expression}"}]]`;
}

export function toExpression(value: unknown): Expression {
  if (typeof value !== 'string') return 'normal';
  const v = value.trim().toLowerCase();
  return (EXPRESSIONS as readonly string[]).includes(v) ? (v as Expression) : 'normal';
}

export interface ParsedTrailer {
  expression: Expression;
  goalReached: boolean;
}

/**
 * Reads a trailer defensively: a missing, truncated or malformed one means `normal` and no goal;
 * only a literal `true` counts as a goal proposal.
 */
export function parseTrailer(raw: string | null): ParsedTrailer {
  const fallback: ParsedTrailer = { expression: 'normal', goalReached: false };
  if (!raw) return fallback;
  const start = raw.indexOf('{');
  const end = raw.lastIndexOf('}');
  if (start === -1 || end <= start) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.slice(start, end + 1));
  } catch {
    return fallback;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fallback;
  const fields = parsed as Record<string, unknown>;
  return {
    expression: toExpression(fields.expression),
    goalReached: fields.goal_reached === true,
  };
}
