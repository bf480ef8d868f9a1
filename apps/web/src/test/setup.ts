import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n, loadScreenTexts } from '../shared/i18n/i18n';

// `findBy…` and `waitFor` give up after 1 s by default: on two busy cores (the journeys run beside
// Vitest) a lazy chunk or a first render can take longer. A wait still ends as soon as its
// condition holds, so this costs a passing test nothing.
configure({ asyncUtilTimeout: 5_000 });

// Components render real English text in tests, the same catalogue users see.
beforeAll(async () => {
  await initI18n('en_US');
  await loadScreenTexts();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
