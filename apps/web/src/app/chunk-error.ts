/**
 * Messages browsers and bundlers give when a lazily loaded module cannot be fetched — typically
 * because a new deployment replaced the hashed file names the open page still refers to.
 */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // Safari
  /error loading dynamically imported module/i, // Firefox
  /Unable to preload CSS/i, // Vite's preload helper
  /Loading (CSS )?chunk [\w-]+ failed/i, // webpack-style ChunkLoadError
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((re) => re.test(message));
}

const RELOAD_MARK = 'taleforge:chunk-reload-at';
/** A second failure this soon after a reload means reloading will not help; stop looping. */
const RELOAD_LOOP_WINDOW_MS = 15_000;

export function shouldReloadForChunkError(storage: Storage | undefined, now: number): boolean {
  try {
    const last = Number(storage?.getItem(RELOAD_MARK));
    if (Number.isFinite(last) && last > 0 && now - last < RELOAD_LOOP_WINDOW_MS) return false;
    storage?.setItem(RELOAD_MARK, String(now));
  } catch {
    // Without storage we cannot detect a loop; one reload is still the best bet.
  }
  return true;
}

/** Indirection so tests can observe the reload without a real navigation. */
export const pageReloader = { reload: () => window.location.reload() };
