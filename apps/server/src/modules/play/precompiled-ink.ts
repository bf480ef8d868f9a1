/**
 * A chapter file may carry compiled ink (the JSON inklecate and inky export) instead of source:
 * the studio imports it so, as an ink file holding only a comment with the JSON inside. The
 * editor and the compiler see a valid, empty story; compiling a chapter plays the JSON itself.
 */
const HEADER = '// Compiled ink, imported as it is: publishing plays the JSON below.';

/** The ink file that carries `json`. */
export function wrapCompiledInk(json: string): string {
  // JSON may write "/" as "\/", so a comment end inside a string cannot close the comment.
  return `${HEADER}\n/*\n${json.replaceAll('*/', '*\\/')}\n*/\n`;
}

/** The story JSON a file made by `wrapCompiledInk` carries, or null for ordinary ink. */
export function precompiledStory(source: string): string | null {
  if (!source.startsWith(`${HEADER}\n/*\n`) || !source.endsWith('\n*/\n')) return null;
  return source.slice(HEADER.length + 4, -4);
}
