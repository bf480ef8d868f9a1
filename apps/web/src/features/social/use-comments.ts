import type { Comment } from '@taleforge/contracts';
import type { CommentOrder, CommentReportReason } from '@taleforge/contracts/constants';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { toast } from '../../shared/ui/toast/toast-store';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { type CommentPage, endpoints, failureText, needsSignIn, socialKeys } from './social-api';
import { useSetCommentCount } from './use-work-social';

export function useComments(gameId: number, order: CommentOrder) {
  return useInfiniteQuery({
    queryKey: socialKeys.commentList(gameId, order),
    queryFn: ({ signal, pageParam }) =>
      request(endpoints.comments, {
        query: { game_id: gameId, order, cursor: pageParam },
        signal,
        quiet: true,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useReplies(gameId: number, commentId: number, open: boolean) {
  return useInfiniteQuery({
    queryKey: socialKeys.replies(gameId, commentId),
    queryFn: ({ signal, pageParam }) =>
      request(endpoints.replies, {
        query: { comment_id: commentId, cursor: pageParam },
        signal,
        quiet: true,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: open,
  });
}

/**
 * Rewrites one comment wherever a list or thread of the work shows it; `null` takes it out.
 * Returns what was there before, to put back if the server says no.
 */
function patchComments(
  queryClient: QueryClient,
  gameId: number,
  change: (comment: Comment) => Comment | null,
) {
  const filter = { queryKey: socialKeys.comments(gameId) };
  const before = queryClient.getQueriesData<InfiniteData<CommentPage>>(filter);
  queryClient.setQueriesData<InfiniteData<CommentPage>>(
    filter,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          list: page.list.flatMap((comment) => change(comment) ?? []),
        })),
      },
  );
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}

const bumpReplies = (queryClient: QueryClient, gameId: number, parentId: number, step: number) =>
  patchComments(queryClient, gameId, (c) =>
    c.id === parentId ? { ...c, reply_count: Math.max(0, c.reply_count + step) } : c,
  );

type Post = { body: string; replyTo?: Comment };

export function usePostComment(gameId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, replyTo }: Post) =>
      request(endpoints.commentPost, {
        body: { game_id: gameId, body, ...(replyTo ? { reply_to_id: replyTo.id } : {}) },
        quiet: true,
      }),
    onSuccess: (comment) => {
      if (comment.parent_id === null) {
        // Newest first: it leads the "new" list; "top" places it by likes when next read.
        queryClient.setQueryData<InfiniteData<CommentPage>>(
          socialKeys.commentList(gameId, 'new'),
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((page, i) =>
                i === 0 ? { ...page, list: [comment, ...page.list] } : page,
              ),
            },
        );
        void queryClient.invalidateQueries({ queryKey: socialKeys.commentList(gameId, 'top') });
      } else {
        bumpReplies(queryClient, gameId, comment.parent_id, 1);
        // Replies read oldest first: a new one ends the thread once the thread is read to its end.
        queryClient.setQueryData<InfiniteData<CommentPage>>(
          socialKeys.replies(gameId, comment.parent_id),
          (data) => {
            const last = data?.pages.at(-1);
            if (!data || !last || last.next_cursor) return data;
            const pages = [...data.pages];
            pages[pages.length - 1] = { ...last, list: [...last.list, comment] };
            return { ...data, pages };
          },
        );
      }
      void queryClient.invalidateQueries({ queryKey: socialKeys.work(gameId) });
    },
    onError: (error) => {
      if (needsSignIn(error)) openLoginModal();
    },
  });
}

export function useDeleteComment(gameId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setCount = useSetCommentCount(gameId);
  return useMutation({
    mutationFn: (comment: Comment) =>
      request(endpoints.commentDelete, { body: { comment_id: comment.id }, quiet: true }),
    onSuccess: ({ comment_count }, comment) => {
      patchComments(queryClient, gameId, (c) => (c.id === comment.id ? null : c));
      if (comment.parent_id !== null) bumpReplies(queryClient, gameId, comment.parent_id, -1);
      setCount(comment_count);
      toast.success(t('social.comments.deleted'));
    },
    onError: (error) => toast.error(failureText(error, t('social.comments.deleteFailed'))),
  });
}

/** A comment's heart, at once on screen and put back with "Like failed" if the server says no. */
export function useLikeComment(gameId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, like }: { comment: Comment; like: boolean }) =>
      request(endpoints.commentLike, { body: { comment_id: comment.id, like }, quiet: true }),
    onMutate: ({ comment, like }) => ({
      undo: patchComments(queryClient, gameId, (c) =>
        c.id === comment.id && c.liked !== like
          ? { ...c, liked: like, like_count: Math.max(0, c.like_count + (like ? 1 : -1)) }
          : c,
      ),
    }),
    onError: (error, _vars, saved) => {
      saved?.undo();
      if (needsSignIn(error)) openLoginModal();
      else toast.error(failureText(error, t('social.likeFailed')));
    },
    onSuccess: (data, { comment }) =>
      patchComments(queryClient, gameId, (c) => (c.id === comment.id ? { ...c, ...data } : c)),
  });
}

export function useReportComment() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ comment, reason }: { comment: Comment; reason: CommentReportReason }) =>
      request(endpoints.commentReport, { body: { comment_id: comment.id, reason }, quiet: true }),
    onSuccess: () => toast.success(t('social.comments.reported')),
    onError: (error) => {
      if (needsSignIn(error)) openLoginModal();
      else toast.error(failureText(error, t('social.comments.reportFailed')));
    },
  });
}
