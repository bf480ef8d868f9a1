/** Where a file's text stands against the server. */
export type SaveState = 'saved' | 'pending' | 'saving' | 'failed';

export interface SaveStatus {
  state: SaveState;
  /** The save call's localized `desc` when it failed. */
  error?: string;
}

/**
 * Saves each file a pause after its last change, one request per file at a time (a newer text
 * waits for the request in flight, so the server never ends on an older one).
 */
export class SaveQueue {
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private inFlight = new Map<string, Promise<void>>();
  private dirty = new Map<string, () => string>();
  private shown = new Map<string, SaveState>();

  constructor(
    private readonly save: (path: string, source: string) => Promise<void>,
    private readonly reportStatus: (path: string, status: SaveStatus) => void,
    private readonly delayMs = 800,
  ) {}

  /** Reports a change of state only: typing must not re-render the page at every key. */
  private onStatus(path: string, status: SaveStatus): void {
    if (status.state !== 'failed' && this.shown.get(path) === status.state) return;
    this.shown.set(path, status.state);
    this.reportStatus(path, status);
  }

  changed(path: string, read: () => string): void {
    this.dirty.set(path, read);
    this.onStatus(path, { state: 'pending' });
    clearTimeout(this.timers.get(path));
    this.timers.set(
      path,
      setTimeout(() => void this.saveNow(path), this.delayMs),
    );
  }

  /** Saves everything that changed, now; resolves when the server has all of it (or failed). */
  async flush(): Promise<void> {
    await Promise.all([...this.dirty.keys(), ...this.inFlight.keys()].map((p) => this.saveNow(p)));
  }

  forget(path: string): void {
    clearTimeout(this.timers.get(path));
    this.timers.delete(path);
    this.dirty.delete(path);
    this.shown.delete(path);
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
  }

  private async saveNow(path: string): Promise<void> {
    clearTimeout(this.timers.get(path));
    await this.inFlight.get(path);
    const read = this.dirty.get(path);
    if (!read) return;
    this.dirty.delete(path);
    this.onStatus(path, { state: 'saving' });
    const request = this.save(path, read()).then(
      () => {
        if (!this.dirty.has(path)) this.onStatus(path, { state: 'saved' });
      },
      (error: unknown) => {
        // Kept dirty so the next change or flush tries again.
        if (!this.dirty.has(path)) this.dirty.set(path, read);
        this.onStatus(path, { state: 'failed', error: errorText(error) });
      },
    );
    this.inFlight.set(path, request);
    await request;
    if (this.inFlight.get(path) === request) this.inFlight.delete(path);
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
