import type {
  blockCall,
  Comment,
  commentDeleteCall,
  commentLikeCall,
  commentListCall,
  commentPostCall,
  commentRepliesCall,
  commentReportCall,
  followCall,
  followListCall,
  notificationListCall,
  notificationReadCall,
  notificationUnreadCall,
  relationCall,
  STATUS,
  workLikeCall,
  workSocialCall,
} from '@taleforge/contracts';
import type { CommentOrder } from '@taleforge/contracts/constants';
import { endpoint, isApiError } from '../../shared/api';

/** The social layer's calls (packages/contracts/src/calls/social.ts). */
export const endpoints = {
  relation: endpoint<typeof relationCall>({ method: 'GET', path: '/api/h5/user/relation' }),
  follow: endpoint<typeof followCall>({ method: 'POST', path: '/api/auth/h5/user/follow' }),
  followList: endpoint<typeof followListCall>({ method: 'GET', path: '/api/h5/user/follows' }),
  block: endpoint<typeof blockCall>({ method: 'POST', path: '/api/auth/h5/user/block' }),
  workSocial: endpoint<typeof workSocialCall>({ method: 'GET', path: '/api/h5/game/social' }),
  workLike: endpoint<typeof workLikeCall>({ method: 'POST', path: '/api/auth/h5/game/like' }),
  comments: endpoint<typeof commentListCall>({ method: 'GET', path: '/api/h5/game/comments' }),
  replies: endpoint<typeof commentRepliesCall>({
    method: 'GET',
    path: '/api/h5/game/comment/replies',
  }),
  commentPost: endpoint<typeof commentPostCall>({
    method: 'POST',
    path: '/api/auth/h5/game/comment',
  }),
  commentDelete: endpoint<typeof commentDeleteCall>({
    method: 'POST',
    path: '/api/auth/h5/game/comment/delete',
  }),
  commentLike: endpoint<typeof commentLikeCall>({
    method: 'POST',
    path: '/api/auth/h5/game/comment/like',
  }),
  commentReport: endpoint<typeof commentReportCall>({
    method: 'POST',
    path: '/api/auth/h5/game/comment/report',
  }),
  notifications: endpoint<typeof notificationListCall>({
    method: 'GET',
    path: '/api/auth/h5/notifications',
  }),
  unread: endpoint<typeof notificationUnreadCall>({
    method: 'GET',
    path: '/api/auth/h5/notifications/unread',
  }),
  read: endpoint<typeof notificationReadCall>({
    method: 'POST',
    path: '/api/auth/h5/notifications/read',
  }),
};

export const socialKeys = {
  relation: (id: string) => ['social', 'relation', id] as const,
  follows: (id: string, list: 'followers' | 'following') =>
    ['social', 'follows', id, list] as const,
  work: (gameId: number) => ['social', 'work', gameId] as const,
  /** Every comment list and reply thread of a work sits under this prefix, so one patch reaches all. */
  comments: (gameId: number) => ['social', 'comments', gameId] as const,
  commentList: (gameId: number, order: CommentOrder) =>
    ['social', 'comments', gameId, 'list', order] as const,
  replies: (gameId: number, commentId: number) =>
    ['social', 'comments', gameId, 'replies', commentId] as const,
  notifications: ['social', 'notifications'] as const,
  unread: ['social', 'notifications', 'unread'] as const,
};

/** A page of a cursor list, as the contracts return it. */
export type CursorPage<T> = { list: T[]; next_cursor: string | null };
export type CommentPage = CursorPage<Comment> & { comment_count?: number };

/** A visitor account may look but not change anything (the server answers 6102). */
const SIGN_IN_FIRST = 6102 satisfies typeof STATUS.PROFILE_SIGN_IN_FIRST;

export const needsSignIn = (error: unknown) => isApiError(error) && error.status === SIGN_IN_FIRST;

const BLOCKED_BY_USER = 6203 satisfies typeof STATUS.BLOCKED_BY_USER;

/** The other player blocked the viewer since the page last asked. */
export const refusedByBlock = (error: unknown) =>
  isApiError(error) && error.status === BLOCKED_BY_USER;

/**
 * What to tell the player when a change fails: the server's own words for a business refusal
 * (blocked, moderated, gone), else the SPEC's failure text.
 */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.kind === 'status' && error.desc ? error.desc : fallback;
}
