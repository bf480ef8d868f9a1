import { lazy } from 'react';

/**
 * Where the ink editor, the analytics page and the moderators' screen mount. Each is its own lazy
 * chunk, so the works screens load without CodeMirror, the ink compiler, the charts or the queues.
 */
export const EditorSlot = lazy(() => import('./editor-slot'));

export const AnalyticsSlot = lazy(() => import('./analytics-slot'));

export const ModerationSlot = lazy(() => import('./moderation-slot'));
