import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { config } from '../../shared/config';
import { session } from '../../shared/session';
import { createTokenSync, type TokenSync } from './token-sync';

const Context = createContext<TokenSync | null>(null);

/** One token sync for the page's life: it remembers the player windows it opened. */
export function TokenSyncProvider({ children }: { children: ReactNode }) {
  const [sync] = useState(() =>
    createTokenSync({ playerOrigin: config.playerUrl, current: session.get }),
  );
  useEffect(() => sync.dispose, [sync]);
  return <Context.Provider value={sync}>{children}</Context.Provider>;
}

export function useTokenSync(): TokenSync {
  const sync = useContext(Context);
  if (!sync) throw new Error('useTokenSync outside TokenSyncProvider');
  return sync;
}
