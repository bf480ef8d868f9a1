import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

// The sites' palette (@taleforge/browser's theme.css), with fallbacks so the editor looks right
// before the studio shell defines the variables.
const c = {
  bg: 'var(--bg-deep, #080616)',
  surface: 'var(--surface, #17113a)',
  line: 'var(--line-strong, rgba(190, 172, 255, 0.24))',
  text: 'var(--text, #f4f0ff)',
  dim: 'var(--text-dim, #bdb3e0)',
  mute: 'var(--text-mute, #8d83b6)',
  violet: 'var(--violet, #8f6bff)',
  gold: 'var(--gold, #f6c76b)',
  danger: 'var(--danger, #ff6f8a)',
  success: 'var(--success, #5fe3a9)',
};

export const inkEditorTheme = EditorView.theme(
  {
    '&': { color: c.text, backgroundColor: c.bg, height: '100%', fontSize: '14px' },
    '.cm-content': {
      caretColor: c.gold,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
    },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: c.gold },
    '&.cm-focused': { outline: `2px solid ${c.violet}`, outlineOffset: '-2px' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
      backgroundColor: 'rgba(143, 107, 255, 0.35)',
    },
    '.cm-gutters': {
      backgroundColor: c.surface,
      color: c.mute,
      borderRight: `1px solid ${c.line}`,
    },
    '.cm-activeLine': { backgroundColor: 'rgba(143, 107, 255, 0.08)' },
    '.cm-activeLineGutter': { backgroundColor: 'rgba(143, 107, 255, 0.18)', color: c.text },
    '.cm-panels': { backgroundColor: c.surface, color: c.text },
    '.cm-panel input, .cm-panel button': { color: c.text, backgroundColor: c.bg },
    '.cm-searchMatch': { backgroundColor: 'rgba(246, 199, 107, 0.25)' },
    '.cm-tooltip': { backgroundColor: c.surface, color: c.text, border: `1px solid ${c.line}` },
  },
  { dark: true },
);

export const inkHighlightStyle = HighlightStyle.define([
  { tag: t.heading, color: c.gold, fontWeight: '700' },
  { tag: t.labelName, color: c.gold },
  { tag: [t.controlKeyword, t.controlOperator], color: c.violet, fontWeight: '700' },
  { tag: [t.operatorKeyword, t.link], color: '#6fd3ff' },
  { tag: t.meta, color: c.success },
  { tag: [t.processingInstruction, t.definitionKeyword, t.keyword], color: '#ff9ed8' },
  { tag: [t.string, t.number], color: '#ffb38a' },
  { tag: t.variableName, color: '#c9b8ff' },
  { tag: [t.operator, t.brace, t.special(t.operator)], color: c.dim },
  { tag: t.comment, color: c.mute, fontStyle: 'italic' },
]);

export const inkHighlighting = syntaxHighlighting(inkHighlightStyle);
