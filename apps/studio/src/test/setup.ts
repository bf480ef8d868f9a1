import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A first render or a lazy chunk can take over a second on two busy cores.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
