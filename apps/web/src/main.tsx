import { installDevtoolsGuard } from './features/devtools-guard/install-devtools-guard';
import { collectSignals } from './features/visitor/collect-signals';
import { runVisitorStep } from './features/visitor/visitor-step';
import { config } from './shared/config';
import { currentLocale, initI18n } from './shared/i18n/i18n';

/** Performance marks let tests (and RUM) see the start-up order without hooks into the code. */
const mark = (name: 'devtools-guard' | 'visitor-ready' | 'mount') =>
  performance.mark(`taleforge:${name}`);

/**
 * The screen the page was opened on, fetched during the visitor step so mounting does not wait
 * for it. On failure the router's own import retries it, and handles a real failure.
 */
function prefetchFirstScreen(path: string): Promise<unknown> | undefined {
  // Only the landing screen: a play page fetched here as well measured no sooner (bench/first-line).
  if (/^\/(For_You\/?)?$/i.test(path)) return import('./features/home/for-you-page');
  return undefined;
}

/**
 * Start-up order (SPEC §1): developer-tools guard, then the visitor step, then mount. The app
 * code and the catalogue download meanwhile, so the wait costs no extra round trips.
 */
async function start() {
  installDevtoolsGuard({ testHost: config.testHost });
  mark('devtools-guard');
  const app = import('./app/mount');
  const translations = initI18n();
  prefetchFirstScreen(location.pathname)?.catch(() => {});
  await runVisitorStep({
    basePath: config.basePath,
    locale: currentLocale(),
    collect: collectSignals,
  });
  mark('visitor-ready');
  await translations;
  const { mount } = await app;
  const root = document.getElementById('root');
  if (root) mount(root);
  mark('mount');
}

void start();
