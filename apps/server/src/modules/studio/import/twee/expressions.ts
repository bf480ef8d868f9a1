/**
 * SugarCube and Harlowe expressions on plain variables (numbers, strings, booleans) as ink
 * expressions. Anything else (arrays, datamaps, functions, property access, `visited()`…) returns
 * null: the caller lists the macro as not converted rather than guess.
 */

const WORDS: Record<string, string> = {
  is: '==',
  eq: '==',
  isnot: '!=',
  neq: '!=',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  and: 'and',
  or: 'or',
  not: 'not',
  true: 'true',
  false: 'false',
  contains: '?',
};

const SYMBOLS: Record<string, string> = {
  '===': '==',
  '!==': '!=',
  '==': '==',
  '!=': '!=',
  '>=': '>=',
  '<=': '<=',
  '&&': 'and',
  '||': 'or',
  '>': '>',
  '<': '<',
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '%': '%',
  '(': '(',
  ')': ')',
  '!': 'not',
};

const TOKEN =
  /\s*(?:(\$[A-Za-z_]\w*|_[A-Za-z]\w*)|(\d+(?:\.\d+)?)|"((?:[^"\\{}]|\\.)*)"|'((?:[^'\\{}"]|\\.)*)'|([A-Za-z]+)|(===|!==|==|!=|>=|<=|&&|\|\||[-+*/%()<>!]))/y;

/** Words ink gives a meaning to: a variable or knot by one of these names would not compile. */
export const INK_WORDS = new Set(
  'and or not true false temp return else function done end DONE END VAR CONST LIST INCLUDE EXTERNAL stopping cycle shuffle once'.split(
    ' ',
  ),
);

/** A Twine variable's ink name: `$gold` → `gold`, Harlowe's temporary `_x` → `tmp_x`. */
export function inkVariable(name: string): string {
  const bare = name.startsWith('$') ? name.slice(1) : `tmp${name}`;
  return INK_WORDS.has(bare) ? `v_${bare}` : bare;
}

/**
 * `it` (Harlowe: the variable being set) becomes `self`. Returns the ink expression and the
 * variables it reads, or null when it is not a plain expression.
 */
export function convertExpression(
  source: string,
  self?: string,
): { ink: string; reads: string[] } | null {
  const out: string[] = [];
  const reads: string[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  const text = source.trim();
  while (at < text.length) {
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) return null;
    at = TOKEN.lastIndex;
    const [, variable, number, dq, sq, word, symbol] = m;
    if (variable) {
      reads.push(variable);
      out.push(inkVariable(variable));
    } else if (number) out.push(number);
    else if (dq !== undefined) out.push(`"${dq.replace(/\\(.)/g, '$1')}"`);
    else if (sq !== undefined) out.push(`"${sq.replace(/\\(.)/g, '$1')}"`);
    else if (word) {
      const lower = word.toLowerCase();
      if (lower === 'it' && self) out.push(inkVariable(self));
      else if (lower === 'is' && text.slice(at).match(/^\s+not\b/)) {
        // Harlowe's `is not`
        TOKEN.lastIndex = at;
        TOKEN.exec(text);
        at = TOKEN.lastIndex;
        out.push('!=');
      } else if (WORDS[lower]) out.push(WORDS[lower]!);
      else return null;
    } else if (symbol) out.push(SYMBOLS[symbol]!);
  }
  if (out.length === 0) return null;
  return { ink: out.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')'), reads };
}

/** What kind of value an expression gives, for the variable's declaration. */
export function valueKind(ink: string): 'number' | 'string' | 'boolean' {
  if (
    /(==|!=|>=|<=|[<>?]|\band\b|\bor\b|\bnot\b|\btrue\b|\bfalse\b)/.test(
      ink.replace(/"[^"]*"/g, '""'),
    )
  )
    return 'boolean';
  if (/"/.test(ink)) return 'string';
  return 'number';
}
