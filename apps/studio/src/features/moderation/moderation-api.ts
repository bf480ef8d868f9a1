import type {
  CallData,
  ModerationAction,
  moderationCommentResolveCall,
  moderationCommentsCall,
  moderationSupportCall,
  moderationSupportHandleCall,
} from '@taleforge/contracts';
import { endpoint, request } from '../../shared/api';

export type CommentQueuePage = CallData<typeof moderationCommentsCall>;
export type SupportQueuePage = CallData<typeof moderationSupportCall>;

/** What the moderation page asks of the server; the studio's client answers it (decision 46). */
export interface ModerationApi {
  comments: (cursor: string | undefined, signal?: AbortSignal) => Promise<CommentQueuePage>;
  resolve: (commentId: number, action: ModerationAction) => Promise<unknown>;
  support: (cursor: string | undefined, signal?: AbortSignal) => Promise<SupportQueuePage>;
  handle: (reportId: number) => Promise<unknown>;
}

const calls = {
  comments: endpoint<typeof moderationCommentsCall>({
    method: 'GET',
    path: '/api/auth/h5/admin/reports/comments',
  }),
  resolve: endpoint<typeof moderationCommentResolveCall>({
    method: 'POST',
    path: '/api/auth/h5/admin/reports/comment/resolve',
  }),
  support: endpoint<typeof moderationSupportCall>({
    method: 'GET',
    path: '/api/auth/h5/admin/reports/support',
  }),
  handle: endpoint<typeof moderationSupportHandleCall>({
    method: 'POST',
    path: '/api/auth/h5/admin/reports/support/handle',
  }),
};

const page = (cursor: string | undefined) => (cursor ? { cursor } : {});

export const moderationApi: ModerationApi = {
  comments: (cursor, signal) =>
    request(calls.comments, { query: page(cursor), ...(signal ? { signal } : {}) }),
  resolve: (commentId, action) =>
    request(calls.resolve, { body: { comment_id: commentId, action } }),
  support: (cursor, signal) =>
    request(calls.support, { query: page(cursor), ...(signal ? { signal } : {}) }),
  handle: (reportId) => request(calls.handle, { body: { report_id: reportId } }),
};
