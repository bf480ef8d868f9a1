import i18next from 'i18next';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { memoryWork } from './memory-work';
import { sampleStory } from './sample-story';

// Development only (editor-harness.html; the build ships index.html alone): the editor with an
// in-memory work, `?kb=200` for a large story, `?lang=ja_JP` for another language.
const params = new URLSearchParams(location.search);
const sources = sampleStory(Number(params.get('kb') ?? 4));
const api = memoryWork(sources, 'main.ink');
// For bench/studio-editor: how much ink the page holds.
document.documentElement.dataset.sourceBytes = String(Object.values(sources).join('').length);
const InkEditor = lazy(() => import('../index'));
const i18n = i18next.createInstance();
await i18n.use(initReactI18next).init({ lng: params.get('lang') ?? 'en_US', resources: {} });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={null}>
        <InkEditor
          files={Object.entries(sources).map(([path, source]) => ({ path, size: source.length }))}
          chapters={[{ file: 'main.ink', title: {} }]}
          api={api}
        />
      </Suspense>
    </I18nextProvider>
  </StrictMode>,
);
