import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { config } from '../../shared/config';
import { session } from '../../shared/session';
import { createTokenSync, type TokenSync } from './token-sync';

const Context = createContext<TokenSync | null>(null);

/**
 * One token sync for the page's life: it remembers the player windows it opened. Made in an
 * effect so its listener and its token request live exactly as long as the page's tree.
 */
export function TokenSyncProvider({ children }: { children: ReactNode }) {
  const [sync, setSync] = useState<TokenSync | null>(null);
  useEffect(() => {
    const made = createTokenSync({
      playerOrigin: config.playerUrl,
      current: session.get,
      onToken: session.save,
      onLogout: session.clear,
    });
    setSync(made);
    return made.dispose;
  }, []);
  if (!sync) return null;
  return <Context.Provider value={sync}>{children}</Context.Provider>;
}

export function useTokenSync(): TokenSync {
  const sync = useContext(Context);
  if (!sync) throw new Error('useTokenSync outside TokenSyncProvider');
  return sync;
}
