import type { Locale } from '@taleforge/contracts/constants';

/** "off", or a language the video has subtitles in. */
export type SubtitleChoice = Locale | 'off';

/**
 * The subtitles to show: the viewer's own pick while the video has it, else the interface
 * language, else the first the video has; none when it has none.
 */
export function pickSubtitles(
  available: readonly Locale[],
  uiLocale: Locale,
  picked: SubtitleChoice | null,
): SubtitleChoice {
  if (picked === 'off') return 'off';
  if (picked && available.includes(picked)) return picked;
  if (available.includes(uiLocale)) return uiLocale;
  return available[0] ?? 'off';
}
