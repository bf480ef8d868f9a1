import type {
  CallBodyInput,
  CallData,
  StudioDiagnostic,
  StudioWork,
  studioFileCall,
  studioFileDeleteCall,
  studioFileSaveCall,
  studioPreviewCall,
} from '@taleforge/contracts';

export type PreviewRequest = Omit<CallBodyInput<typeof studioPreviewCall>, 'id'>;
export type PreviewResult = CallData<typeof studioPreviewCall>;
export type FileSaved = CallData<typeof studioFileSaveCall>;
export type FileDeleted = CallData<typeof studioFileDeleteCall>;
export type LoadedFile = CallData<typeof studioFileCall>;
export type EditorFile = StudioWork['files'][number];
export type EditorChapter = Pick<StudioWork['chapters'][number], 'file' | 'title'>;
export type { StudioDiagnostic };

/**
 * The five calls the editor makes, bound to one work by the shell (which owns the token and the
 * typed client). A failed call rejects with an Error whose message is the call's localized `desc`.
 */
export interface EditorApi {
  loadFile(path: string): Promise<LoadedFile>;
  saveFile(path: string, source: string): Promise<FileSaved>;
  deleteFile(path: string): Promise<FileDeleted>;
  preview(request: PreviewRequest): Promise<PreviewResult>;
  /** The saved draft checked as publishing checks it (the compile call): its problems. */
  check(): Promise<StudioDiagnostic[]>;
}

export interface InkEditorProps {
  /** The work's files as the work call lists them (texts are loaded through `api`). */
  files: EditorFile[];
  /** The work's chapters in order: their files are what the compiler starts from and previews. */
  chapters: EditorChapter[];
  api: EditorApi;
  /** Character names by key, so the preview names a `# speaker: key:expression` as players see it. */
  speakers?: Record<string, string>;
  /** Called after every change to the file list that reached the server (add, rename, delete). */
  onFilesChange?: (files: EditorFile[]) => void;
  /** A file was renamed on the server: chapters naming `from` should now name `to`. */
  onFileRenamed?: (from: string, to: string) => void;
  /** The work's revision after each save, so the shell can keep its metadata update in step. */
  onRevision?: (revision: number) => void;
}
