// Plain functions only: the login form imports this file, so it must not pull in zod.

/** Characters as a person counts them: code points, so 🔑 is one character, not two UTF-16 units. */
export function countCharacters(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/**
 * Which limit a text breaks, counted in characters. The form and the server's schemas both ask
 * this, so a value one accepts the other accepts too. A code point is one or two UTF-16 units,
 * so the UTF-16 length settles most answers without walking the string, a huge one included.
 */
export function checkCharacterCount(value: string, min: number, max: number): 'min' | 'max' | null {
  if (value.length > max * 2) return 'max';
  if (value.length < min) return 'min';
  const count = countCharacters(value);
  if (count < min) return 'min';
  if (count > max) return 'max';
  return null;
}
