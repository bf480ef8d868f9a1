import { lazy } from 'react';

/**
 * Where the ink editor and the analytics page mount. Each is its own lazy chunk, so the works
 * screens load without CodeMirror, the ink compiler or the charts. Until those features are in,
 * the imports below name the small stand-ins beside this file: the swap is one line each.
 */
export const EditorSlot = lazy(() =>
  import('./plain-editor').then((module) => ({ default: module.PlainEditor })),
);

export const AnalyticsSlot = lazy(() =>
  import('./analytics-placeholder').then((module) => ({ default: module.AnalyticsPlaceholder })),
);
