import { convertExpression, inkVariable, valueKind } from './expressions.js';

/** A passage's text read as the parts the converter understands. */
export type Node =
  | { t: 'text'; s: string }
  /** Shows the value of an ink expression. */
  | { t: 'print'; ink: string }
  | { t: 'link'; label: string; target: string }
  | { t: 'set'; assign: Assignment[] }
  | { t: 'if'; branches: { cond: string | null; body: Node[] }[] }
  /** Not converted: kept as an ink comment where it stood, and listed for the creator. */
  | { t: 'skip'; raw: string };

export interface Assignment {
  variable: string;
  ink: string;
  kind: 'number' | 'string' | 'boolean';
  /** The value is a plain literal, usable as the variable's starting value. */
  literal: boolean;
}

const ASSIGN = /^\s*(\$[A-Za-z_]\w*|_[A-Za-z]\w*)\s*(to|=|\+=|-=|\*=|\/=|\+\+|--)\s*(.*)$/s;
const LITERAL = /^(?:-?\d+(?:\.\d+)?|"[^"]*"|true|false)$/;

/** `$a to 1, $b to $a + 1` (SugarCube also allows `;`) → ink assignments, or null. */
export function convertAssignments(args: string): Assignment[] | null {
  const parts = splitTopLevel(args, /[,;]/);
  const out: Assignment[] = [];
  for (const part of parts) {
    const m = ASSIGN.exec(part);
    if (!m) return null;
    const [, variable, op, rest] = m as unknown as [string, string, string, string];
    const name = inkVariable(variable);
    let expr: string | null;
    if (op === '++' || op === '--') expr = rest.trim() ? null : `${name} ${op[0]} 1`;
    else {
      const value = convertExpression(rest, variable);
      if (!value) return null;
      expr = op === 'to' || op === '=' ? value.ink : `${name} ${op[0]} (${value.ink})`;
    }
    if (!expr) return null;
    out.push({ variable, ink: expr, kind: valueKind(expr), literal: LITERAL.test(expr) });
  }
  return out.length ? out : null;
}

/** Splits at separators outside quotes and brackets. */
export function splitTopLevel(text: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && separator.test(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((p) => p.trim());
}

/** `[[Text]]`, `[[Text->Target]]`, `[[Target<-Text]]` and `[[Text|Target]]`. */
export function readLink(inner: string): { label: string; target: string } {
  const arrow = inner.lastIndexOf('->');
  if (arrow >= 0) return { label: inner.slice(0, arrow), target: inner.slice(arrow + 2) };
  const back = inner.indexOf('<-');
  if (back >= 0) return { label: inner.slice(back + 2), target: inner.slice(0, back) };
  const bar = inner.indexOf('|');
  if (bar >= 0) return { label: inner.slice(0, bar), target: inner.slice(bar + 1) };
  return { label: inner, target: inner };
}
