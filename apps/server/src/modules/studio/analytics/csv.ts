import type { StudioAnalytics } from './aggregate.js';

/** RFC 4180 field; a leading = + - @ is quoted away so a spreadsheet never runs it as a formula. */
function field(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const row = (values: (string | number)[]) => values.map(field).join(',');

/**
 * The analytics as one CSV table: a `section` column says what each row is, so the file opens as
 * one sheet and can still be filtered by kind.
 */
export function analyticsCsv(data: StudioAnalytics): string {
  const lines = [row(['section', 'chapter', 'title', 'knot', 'choice', 'value', 'share'])];
  lines.push(row(['range', '', '', '', '', `${data.from}/${data.to}`, '']));
  lines.push(row(['gems_chapters', '', '', '', '', data.gems.chapters, '']));
  lines.push(row(['gems_chat', '', '', '', '', data.gems.chat, '']));
  for (const c of data.chapters) {
    lines.push(row(['starts', c.position, c.title, '', '', c.starts, '']));
    lines.push(row(['completions', c.position, c.title, '', '', c.completions, '']));
    for (const d of c.drop_off)
      lines.push(row(['drop_off', c.position, c.title, d.knot, '', d.players, '']));
    for (const k of c.choices) {
      lines.push(row(['choice', c.position, c.title, k.knot, k.text, k.picks, k.share.toFixed(4)]));
    }
  }
  for (const d of data.daily) lines.push(row(['daily_starts', '', '', '', d.day, d.starts, '']));
  return `${lines.join('\r\n')}\r\n`;
}
