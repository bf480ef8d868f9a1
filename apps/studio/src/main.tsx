import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// The studio's shell (routes, sign-in, works) is built on the studio-web branch.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>Taleforge Studio</main>
  </StrictMode>,
);
