import { lazy } from 'react';

/**
 * Where the ink editor and the analytics page mount. Each is its own lazy chunk, so the works
 * screens load without CodeMirror, the ink compiler or the charts.
 */
export const EditorSlot = lazy(() => import('./editor-slot'));

export const AnalyticsSlot = lazy(() => import('./analytics-slot'));
