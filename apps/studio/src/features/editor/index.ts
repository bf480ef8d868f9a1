// The editor is one lazy chunk: the shell imports it with `lazy(() => import('…/editor'))`.
export type {
  EditorApi,
  EditorChapter,
  EditorFile,
  InkEditorProps,
  PreviewRequest,
  PreviewResult,
} from './editor-api';
export { default } from './ink-editor';
