import { useEditorTexts } from './editor-texts';
import type { SaveStatus } from './save-queue';

/** The open file's save state, announced politely as it changes. */
export function SaveIndicator({ status }: { status: SaveStatus | undefined }) {
  const t = useEditorTexts();
  const state = status?.state ?? 'saved';
  return (
    <p className={`ink-save ink-save--${state}`} role="status">
      {state === 'failed'
        ? t('editor.save.failed', { error: status?.error ?? '' })
        : t(`editor.save.${state}`)}
    </p>
  );
}
