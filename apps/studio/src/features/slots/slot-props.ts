import type { StudioWork } from '@taleforge/contracts';

/** What the editor slot hands the editor (features/editor takes the same). */
export type EditorSlotProps = {
  work: StudioWork;
  /** A call changed the work (a file saved): the page shows the new revision. */
  onChange: (work: StudioWork) => void;
};
