import type {
  studioCompileCall,
  studioCoverUploadCall,
  studioExpressionUploadCall,
  studioFileCall,
  studioFileDeleteCall,
  studioFileSaveCall,
  studioImportCall,
  studioPreviewCall,
  studioPublishCall,
  studioUnpublishCall,
  studioWorkCall,
  studioWorkCreateCall,
  studioWorkDeleteCall,
  studioWorksCall,
  studioWorkUpdateCall,
} from '@taleforge/contracts';
import { endpoint } from '../../shared/api';

/** The studio calls of docs/decisions/0041, typed by their contracts. */
export const studioCalls = {
  works: endpoint<typeof studioWorksCall>({ method: 'GET', path: '/api/auth/studio/works' }),
  work: endpoint<typeof studioWorkCall>({ method: 'GET', path: '/api/auth/studio/work' }),
  create: endpoint<typeof studioWorkCreateCall>({
    method: 'POST',
    path: '/api/auth/studio/work/create',
  }),
  update: endpoint<typeof studioWorkUpdateCall>({
    method: 'POST',
    path: '/api/auth/studio/work/update',
  }),
  remove: endpoint<typeof studioWorkDeleteCall>({
    method: 'POST',
    path: '/api/auth/studio/work/delete',
  }),
  file: endpoint<typeof studioFileCall>({ method: 'GET', path: '/api/auth/studio/work/file' }),
  saveFile: endpoint<typeof studioFileSaveCall>({
    method: 'POST',
    path: '/api/auth/studio/work/file/save',
  }),
  deleteFile: endpoint<typeof studioFileDeleteCall>({
    method: 'POST',
    path: '/api/auth/studio/work/file/delete',
  }),
  compile: endpoint<typeof studioCompileCall>({
    method: 'POST',
    path: '/api/auth/studio/work/compile',
  }),
  preview: endpoint<typeof studioPreviewCall>({
    method: 'POST',
    path: '/api/auth/studio/work/preview',
  }),
  publish: endpoint<typeof studioPublishCall>({
    method: 'POST',
    path: '/api/auth/studio/work/publish',
  }),
  unpublish: endpoint<typeof studioUnpublishCall>({
    method: 'POST',
    path: '/api/auth/studio/work/unpublish',
  }),
  cover: endpoint<typeof studioCoverUploadCall>({
    method: 'POST',
    path: '/api/auth/studio/work/cover',
  }),
  expression: endpoint<typeof studioExpressionUploadCall>({
    method: 'POST',
    path: '/api/auth/studio/work/expression',
  }),
  import: endpoint<typeof studioImportCall>({
    method: 'POST',
    path: '/api/auth/studio/work/import',
  }),
};

/** The query keys the studio's screens share. */
export const workKeys = {
  list: ['studio', 'works'] as const,
  one: (id: number) => ['studio', 'work', id] as const,
};
