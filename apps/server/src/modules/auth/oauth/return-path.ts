/**
 * A return path after sign-in must stay on this site: an absolute path, no scheme, no host, no
 * protocol-relative or backslash tricks, also after decoding. Anything else becomes "/".
 */
export function safeReturnPath(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 512) return '/';
  let decoded = raw;
  try {
    // Decode repeatedly: %252F%252F is //, two layers down.
    for (let i = 0; i < 3; i++) {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    }
  } catch {
    return '/';
  }
  for (const candidate of [raw, decoded]) {
    if (!candidate.startsWith('/')) return '/';
    if (candidate.startsWith('//') || candidate.includes('\\')) return '/';
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    if (/[\u0000-\u001f\u007f]/.test(candidate)) return '/';
    if (/^\/+[a-z][a-z0-9+.-]*:/i.test(candidate)) return '/';
  }
  // The URL parser is the final judge: resolved against our origin it must stay there.
  const base = 'https://taleforge.invalid';
  const url = new URL(raw, base);
  if (url.origin !== base) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
