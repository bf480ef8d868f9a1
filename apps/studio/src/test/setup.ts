import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { session } from '../shared/session';

// A first render or a lazy chunk can take over a second on two busy cores.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Files share one page and one module graph per worker (`isolate: false` in vitest.config.ts), so
// each file leaves both as a fresh page would be: real timers, nobody signed in (the session keeps
// its own copy of the cleared storage), an empty body without classes, no title, the start
// address. Mocks and stubbed globals: the config's restoreMocks and unstubGlobals.
afterAll(() => {
  vi.useRealTimers();
  session.clear();
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.title = '';
  window.history.replaceState(null, '', '/');
});
