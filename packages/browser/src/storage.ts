/**
 * Storage access that never throws: Safari private mode, disabled cookies or a full quota make
 * localStorage throw, and no start-up step may fail because of it.
 */
export function readItem(key: string, storage: Storage | undefined = safeLocal()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, storage: Storage | undefined = safeLocal()) {
  try {
    storage?.setItem(key, value);
  } catch {
    // Nothing to do: the value simply will not survive a reload.
  }
}

export function removeItem(key: string, storage: Storage | undefined = safeLocal()) {
  try {
    storage?.removeItem(key);
  } catch {
    // Same as above.
  }
}

export function safeLocal(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function safeSession(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}
