import { LRUCache } from 'lru-cache';
import { TRAILER_MARKER } from './reply-trailer.js';

/** Consecutive words of our instructions that, seen in a reply, mean it is reciting them. */
const SHINGLE_WORDS = 7;

export interface GuardEnd {
  /** Text still held back that is safe to release. */
  rest: string;
  /** Raw trailer text (from the marker on), or null when the model wrote none. */
  trailer: string | null;
  withheld: boolean;
}

/**
 * Sits between a model's stream and the player. Releases text as soon as it cannot be the start
 * of the canary or of the trailer marker; keeps the trailer for the server; and stops the reply
 * for good when it shows the canary (or its random part) or recites our instructions.
 *
 * What it guarantees: the canary never leaves, in any letter case, however the deltas split it.
 * A recital is caught after its first SHINGLE_WORDS words, so a few may have left by then; the
 * caller discards a withheld reply in the browser (and refunds it).
 */
export class OutputGuard {
  private pending = '';
  private trailer: string | null = null;
  private withheld = false;
  private readonly secrets: string[];
  private readonly shingles: Set<string>;
  private words: string[] = [];
  private partialWord = '';

  constructor(canary: string, rules: string) {
    const core = canary.split('-').pop() ?? canary;
    this.secrets = [canary.toLowerCase(), core.toLowerCase()];
    this.shingles = shinglesOf(rules);
  }

  get isWithheld(): boolean {
    return this.withheld;
  }

  /** Feeds a delta; returns the text that may go to the player now (possibly empty). */
  push(delta: string): string {
    if (this.withheld) return '';
    if (this.trailer !== null) {
      this.trailer += delta;
      return '';
    }
    this.pending += delta;
    const lower = this.pending.toLowerCase();
    if (this.secrets.some((s) => lower.includes(s)) || this.recites(delta)) {
      this.withheld = true;
      this.pending = '';
      return '';
    }
    const at = this.pending.indexOf(TRAILER_MARKER);
    if (at !== -1) {
      this.trailer = this.pending.slice(at);
      const out = this.pending.slice(0, at).trimEnd();
      this.pending = '';
      return out;
    }
    const hold = this.heldTail(lower);
    const out = this.pending.slice(0, this.pending.length - hold);
    this.pending = this.pending.slice(this.pending.length - hold);
    return out;
  }

  end(): GuardEnd {
    if (this.withheld) return { rest: '', trailer: null, withheld: true };
    if (this.recites(' ')) return { rest: '', trailer: null, withheld: true };
    const rest = this.pending.trimEnd();
    this.pending = '';
    return { rest, trailer: this.trailer, withheld: false };
  }

  /**
   * Length of the tail to keep: what could still grow into a secret or the trailer marker, and
   * trailing white space (the line break before a trailer is not part of the reply).
   */
  private heldTail(lower: string): number {
    // Secrets and the marker contain no white space, so a tail of spaces can start neither.
    const spaces = lower.length - lower.trimEnd().length;
    if (spaces > 0) return spaces;
    let hold = 0;
    for (const s of [...this.secrets, TRAILER_MARKER]) {
      for (let n = Math.min(s.length - 1, lower.length); n > hold; n--) {
        if (lower.endsWith(s.slice(0, n))) {
          hold = n;
          break;
        }
      }
    }
    if (hold === 0) return 0;
    // The spaces before a possible marker go with it: they end the reply if it is one.
    const before = lower.slice(0, lower.length - hold);
    return hold + before.length - before.trimEnd().length;
  }

  /** Tracks words across deltas; true once the last SHINGLE_WORDS words are from our rules. */
  private recites(delta: string): boolean {
    const parts = (this.partialWord + delta).split(/[^\p{L}\p{N}']+/u);
    this.partialWord = parts.pop() ?? '';
    for (const part of parts) {
      if (!part) continue;
      this.words.push(part.toLowerCase());
      if (this.words.length > SHINGLE_WORDS) this.words.shift();
      if (this.words.length === SHINGLE_WORDS && this.shingles.has(this.words.join(' '))) {
        return true;
      }
    }
    return false;
  }
}

/**
 * The rules differ only by character name and language: a few dozen variants per process, so 256
 * is ample. No lifetime: the shingles of a text never change.
 */
const shingleCache = new LRUCache<string, Set<string>>({ max: 256 });

function shinglesOf(text: string): Set<string> {
  let set = shingleCache.get(text);
  if (!set) {
    set = computeShingles(text);
    shingleCache.set(text, set);
  }
  return set;
}

function computeShingles(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  const set = new Set<string>();
  for (let i = 0; i + SHINGLE_WORDS <= words.length; i++) {
    set.add(words.slice(i, i + SHINGLE_WORDS).join(' '));
  }
  return set;
}
