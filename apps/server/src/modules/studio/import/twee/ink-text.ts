/**
 * Twine prose as ink prose: every character ink would read as syntax is escaped with a backslash
 * (ink prints the character after `\` as it is), so the player reads what the Twine author wrote.
 */
export function escapeInk(text: string): string {
  return (
    text
      .replace(/[\\{}|#[\]~]/g, '\\$&')
      // ink drops comments before it reads escapes, so `//` and `/*` are split, not escaped.
      .replace(/\/(?=[/*])/g, '/\\')
      .replace(/-(?=>)/g, '\\-')
      .replace(/<(?=[->])/g, '\\<')
      .replace(/^(\s*)([*+\-=(]|TODO)/, '$1\\$2')
  );
}

/** An ink name for a passage: letters, digits and `_`, not a word ink reserves, not taken. */
export function knotNames(
  passages: readonly string[],
  taken: ReadonlySet<string>,
  reserved: ReadonlySet<string>,
): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set(taken);
  for (const passage of passages) {
    let base = passage
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '');
    if (!base || /^\d/.test(base) || reserved.has(base)) base = `p_${base}`;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    names.set(passage, name);
  }
  return names;
}
