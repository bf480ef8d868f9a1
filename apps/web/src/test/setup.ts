import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loginModalStore } from '../features/auth/login-modal/login-modal-store';
import { queryClient } from '../shared/api/query-client';
import { initI18n, loadScreenTexts } from '../shared/i18n/i18n';
import { dialogStore } from '../shared/ui/dialog/dialog-store';
import { toastStore } from '../shared/ui/toast/toast-store';
import { SETTLED } from './settled';

// `findBy…` and `waitFor` give up after 1 s by default (see settled.ts).
configure({ asyncUtilTimeout: SETTLED.timeout });

// Components render real English text in tests, the same catalogue users see. Run again for every
// file, so a language switched by the file before is switched back.
beforeAll(async () => {
  await initI18n('en_US');
  await loadScreenTexts();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Files share one page and one module graph per worker (`isolate: false` in vitest.config.ts), so
// each file leaves both as a fresh page would be: real timers, no query cache, no dialog, login
// modal or toast left open, an empty body without classes (a modal's `has-modal`), no title, the
// start address. Language: the beforeAll above. Mocks and stubbed globals: the config's
// restoreMocks and unstubGlobals.
afterAll(() => {
  vi.useRealTimers();
  queryClient.clear();
  while (dialogStore.current()) dialogStore.close();
  loginModalStore.forceClose();
  for (const toast of toastStore.getSnapshot()) toastStore.dismiss(toast.id);
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  document.title = '';
  window.history.replaceState(null, '', '/');
});
