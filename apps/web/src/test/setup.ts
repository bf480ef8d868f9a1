import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../shared/i18n/i18n';

// Components render real English text in tests, the same catalogue users see.
beforeAll(async () => {
  await initI18n('en_US');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
