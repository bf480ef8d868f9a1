import { convertAssignments, type Node, readLink } from './body.js';
import { convertExpression, inkVariable } from './expressions.js';

/**
 * Where `open` (at `from`) is closed, skipping nested pairs and, in macro arguments, quoted text
 * (in a hook's prose an apostrophe is only an apostrophe); -1 if never.
 */
function closing(text: string, from: number, open: string, close: string, quotes = true): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (quotes && (c === '"' || c === "'")) quote = c;
    else if (text.startsWith(open, i)) {
      depth++;
      i += open.length - 1;
    } else if (text.startsWith(close, i)) {
      depth--;
      if (depth === 0) return i;
      i += close.length - 1;
    }
  }
  return -1;
}

const SUGAR = /<<\s*(\/?)\s*([A-Za-z][\w-]*|=|-)\s*([\s\S]*?)>>/y;
const HARLOWE = /\(([A-Za-z][\w-]*):/y;
const VARIABLE = /\$([A-Za-z_]\w*)/y;

const printOf = (variable: string): Node => ({ t: 'print', ink: inkVariable(variable) });

/** `<<print $a + 1>>`, `<<= $a>>`, `(print: $a)`: shown in ink as `{a + 1}`. */
function printExpression(source: string): Node | null {
  const value = convertExpression(source);
  return value && { t: 'print', ink: value.ink };
}

/** Whether the sticky pattern matches at `at` (its lastIndex is left just after the match). */
function startsAt(pattern: RegExp, text: string, at: number): boolean {
  pattern.lastIndex = at;
  return pattern.test(text);
}

/**
 * Reads a passage's SugarCube or Harlowe text into nodes. What it does not understand becomes a
 * `skip` node holding the exact text, so the creator is told about every piece of it.
 */
export class BodyParser {
  private at = 0;
  constructor(
    private readonly text: string,
    private readonly temps: ReadonlySet<string>,
  ) {}

  /** Reads until the end, or until a SugarCube tag named in `stops` (left unread). */
  nodes(stops: string[] = []): Node[] {
    const out: Node[] = [];
    const text = this.text;
    let plain = '';
    const flush = () => {
      if (plain) out.push({ t: 'text', s: plain });
      plain = '';
    };
    while (this.at < text.length) {
      const c = text[this.at]!;
      if (text.startsWith('[[', this.at)) {
        const end = text.indexOf(']]', this.at);
        if (end < 0) {
          plain += text.slice(this.at);
          break;
        }
        flush();
        out.push({ t: 'link', ...readLink(text.slice(this.at + 2, end)) });
        this.at = end + 2;
      } else if (c === '<' && text.startsWith('<<', this.at)) {
        SUGAR.lastIndex = this.at;
        const m = SUGAR.exec(text);
        if (!m) {
          plain += c;
          this.at++;
          continue;
        }
        const name = `${m[1]}${m[2]!.toLowerCase()}`;
        if (stops.includes(name)) break;
        flush();
        this.at = SUGAR.lastIndex;
        out.push(this.sugar(name, m[3]!.trim(), m[0]!, m.index));
      } else if (c === '(' && startsAt(HARLOWE, text, this.at)) {
        flush();
        this.harlowe(out);
      } else if (c === '$' && startsAt(VARIABLE, text, this.at)) {
        flush();
        const v = text.slice(this.at, VARIABLE.lastIndex);
        this.at = VARIABLE.lastIndex;
        const hookEnd =
          text.startsWith('[', this.at) && !text.startsWith('[[', this.at)
            ? closing(text, this.at, '[', ']', false)
            : -1;
        // Harlowe's `$flag[shown when true]`: a changer on a hook, not converted.
        if (hookEnd > 0) {
          out.push({ t: 'skip', raw: v + text.slice(this.at, hookEnd + 1) });
          this.at = hookEnd + 1;
        } else out.push(printOf(v));
      } else if (c === '_' && this.tempAt()) {
        flush();
        const name = this.tempAt()!;
        out.push(printOf(name));
        this.at += name.length;
      } else {
        plain += c;
        this.at++;
      }
    }
    flush();
    return out;
  }

  private tempAt(): string | null {
    const m = /_[A-Za-z]\w*/y;
    m.lastIndex = this.at;
    const found = m.exec(this.text)?.[0];
    return found && this.temps.has(found) ? found : null;
  }

  private sugar(name: string, args: string, raw: string, start: number): Node {
    if (name === 'print' || name === '=' || name === '-')
      return printExpression(args) ?? { t: 'skip', raw };
    if (name === 'set') {
      const assign = convertAssignments(args);
      return assign ? { t: 'set', assign } : { t: 'skip', raw };
    }
    if (name === 'if' || name === 'unless') return this.sugarIf(name, args, start);
    // Any other container macro (<<link>>…<</link>>) is left out whole, its inside too.
    const close = new RegExp(`<<\\s*/\\s*${name}\\s*>>`, 'g');
    close.lastIndex = this.at;
    const end = name.startsWith('/') ? null : close.exec(this.text);
    if (end) {
      this.at = end.index + end[0].length;
      return { t: 'skip', raw: this.text.slice(start, this.at) };
    }
    return { t: 'skip', raw };
  }

  private sugarIf(name: string, args: string, start: number): Node {
    const branches: { cond: string | null; body: Node[] }[] = [];
    let cond: string | null = this.condition(args, name === 'unless');
    let ok = cond !== null;
    for (;;) {
      const body = this.nodes(['elseif', 'else', `/${name}`]);
      branches.push({ cond, body });
      SUGAR.lastIndex = this.at;
      const m = SUGAR.exec(this.text);
      if (!m) return { t: 'skip', raw: this.text.slice(start, this.at) };
      this.at = SUGAR.lastIndex;
      const tag = `${m[1]}${m[2]!.toLowerCase()}`;
      if (tag === `/${name}`) break;
      const rest = m[3]!.trim();
      const elseIf = tag === 'elseif' || (tag === 'else' && /^if\b/.test(rest));
      cond = elseIf ? this.condition(rest.replace(/^if\b/, ''), false) : null;
      if (elseIf && cond === null) ok = false;
    }
    return ok ? { t: 'if', branches } : { t: 'skip', raw: this.text.slice(start, this.at) };
  }

  private condition(source: string, negate: boolean): string | null {
    const value = convertExpression(source);
    if (!value) return null;
    return negate ? `not (${value.ink})` : value.ink;
  }

  /** `(name: args)` and the `[hook]` after it, if any. */
  private harlowe(out: Node[]) {
    const start = this.at;
    const end = closing(this.text, this.at, '(', ')');
    if (end < 0) {
      out.push({ t: 'skip', raw: this.text.slice(start) });
      this.at = this.text.length;
      return;
    }
    const head = /^\(([A-Za-z][\w-]*):([\s\S]*)\)$/.exec(this.text.slice(start, end + 1))!;
    const name = head[1]!.toLowerCase().replace(/-/g, '');
    const args = head[2]!;
    this.at = end + 1;
    let hook: string | null = null;
    if (this.text[this.at] === '[') {
      const hookEnd = closing(this.text, this.at, '[', ']', false);
      if (hookEnd > 0) {
        hook = this.text.slice(this.at + 1, hookEnd);
        this.at = hookEnd + 1;
      }
    }
    const raw = this.text.slice(start, this.at);
    const inner = () => new BodyParser(hook!, this.temps).nodes();
    if (name === 'print' && hook === null) {
      out.push(printExpression(args) ?? { t: 'skip', raw });
    } else if (name === 'set' && hook === null) {
      const assign = convertAssignments(args);
      out.push(assign ? { t: 'set', assign } : { t: 'skip', raw });
    } else if ((name === 'if' || name === 'unless') && hook !== null) {
      const cond = this.condition(args, name === 'unless');
      out.push(
        cond === null ? { t: 'skip', raw } : { t: 'if', branches: [{ cond, body: inner() }] },
      );
    } else if ((name === 'elseif' || name === 'else') && hook !== null) {
      // Harlowe's else belongs to the hook before it, even across blank lines.
      while (out.at(-1)?.t === 'text' && !(out.at(-1) as { s: string }).s.trim()) out.pop();
      const last = out.at(-1);
      const cond = name === 'else' ? null : this.condition(args, false);
      const open = last?.t === 'if' && last.branches.at(-1)!.cond !== null;
      if (open && (name === 'else' || cond !== null)) last.branches.push({ cond, body: inner() });
      else out.push({ t: 'skip', raw });
    } else out.push({ t: 'skip', raw });
  }
}
