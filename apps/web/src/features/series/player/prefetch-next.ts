/** Resolves a playlist entry against the playlist it came from. */
const resolve = (entry: string, base: string) => new URL(entry, new URL(base, location.href)).href;

async function readText(url: string, signal: AbortSignal) {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return response.text();
}

/** The variant with the lowest BANDWIDTH in a master playlist (the one a start plays first). */
export function lowestVariant(master: string): string | null {
  const lines = master.split(/\r?\n/);
  let best: { uri: string; bandwidth: number } | null = null;
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const bandwidth = Number(/BANDWIDTH=(\d+)/.exec(line)?.[1] ?? Number.POSITIVE_INFINITY);
    const uri = lines.slice(i + 1).find((next) => next.trim() && !next.startsWith('#'));
    if (uri && (!best || bandwidth < best.bandwidth)) best = { uri: uri.trim(), bandwidth };
  });
  return (best as { uri: string } | null)?.uri ?? null;
}

/** The initialisation section (fMP4) and the first media segment of a media playlist. */
export function firstSegments(media: string): string[] {
  const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(media)?.[1];
  const first = media.split(/\r?\n/).find((line) => line.trim() && !line.startsWith('#'));
  return [map, first?.trim()].filter((uri): uri is string => Boolean(uri));
}

/**
 * Fetches what the next episode plays first — its playlists and first segment of the smallest
 * rendition — so the browser's cache answers when the player switches to it. Best effort: a
 * failure only means the next episode loads the ordinary way.
 */
export async function warmStart(masterUrl: string, signal: AbortSignal): Promise<void> {
  const variant = lowestVariant(await readText(masterUrl, signal));
  if (!variant) return;
  const variantUrl = resolve(variant, masterUrl);
  const segments = firstSegments(await readText(variantUrl, signal));
  await Promise.all(
    segments.map((uri) =>
      fetch(resolve(uri, variantUrl), { signal }).then((response) => response.arrayBuffer()),
    ),
  );
}
