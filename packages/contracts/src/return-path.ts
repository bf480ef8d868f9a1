/** Longest return path we keep; anything longer is not a path a player came from. */
export const RETURN_PATH_MAX = 512;

// A path on this site starts with one "/" and never a second "/" or "\" (browsers read "\" as
// "/", and "//host" is another site). Control characters are refused outright: the URL parser
// drops tabs and newlines anywhere, so "/\t/evil.example" is "//evil.example".
const SAME_SITE_PATH = /^\/(?![/\\])/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const REFUSED_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/;
const BASE = 'https://return-path.invalid';

// The WHATWG URL parser, global in browsers and in Node alike: the package is built without the
// DOM's or Node's types, so it names the part it uses.
declare const URL: new (input: string, base: string) => { origin: string; pathname: string };

/** One form of the path: same-site as written and after the URL parser has normalized it. */
function staysOnSite(candidate: string): boolean {
  if (!SAME_SITE_PATH.test(candidate) || REFUSED_CHARACTERS.test(candidate)) return false;
  let url: { origin: string; pathname: string };
  try {
    url = new URL(candidate, BASE);
  } catch {
    return false;
  }
  // Dot segments can collapse "/..//evil.example" to "//evil.example": judge what it becomes.
  return url.origin === BASE && SAME_SITE_PATH.test(url.pathname);
}

/**
 * The one check for every return or redirect target a browser hands us (payment `return_path`,
 * `/wallet?return=`, the Discord state, the login modal's origin URL): a path on this site, or
 * null. Encoded forms are judged too, layer by layer ("%2F%2Fevil.example", "%252F…"), since
 * some reader may decode the value before a browser sees it. Callers fall back to a default of
 * their own and never store what this refuses.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_PATH_MAX) return null;
  let layer = raw;
  for (let depth = 0; depth < 4; depth += 1) {
    if (!staysOnSite(layer)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return null;
    }
    if (decoded === layer) return raw;
    layer = decoded;
  }
  // Still changing after four decodings: nobody's real path.
  return null;
}
