import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './shared/i18n/i18n';
import '@taleforge/browser/theme.css';
import './app/styles/global.css';
import './app/styles/components.css';
import './app/styles/screens.css';

// The catalogue first, so no screen ever renders a key.
void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
