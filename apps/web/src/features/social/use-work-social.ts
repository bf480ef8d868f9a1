import type { WorkSocial } from '@taleforge/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { toast } from '../../shared/ui/toast/toast-store';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { endpoints, failureText, needsSignIn, socialKeys } from './social-api';

/** A work's like and comment counts and whether the viewer liked it. */
export function useWorkSocial(gameId: number) {
  return useQuery({
    queryKey: socialKeys.work(gameId),
    queryFn: ({ signal }) =>
      request(endpoints.workSocial, { query: { game_id: gameId }, signal, quiet: true }),
    enabled: gameId > 0,
  });
}

/** Like shows at once; a failure puts the heart and the count back and says "Like failed". */
export function useWorkLike(gameId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = socialKeys.work(gameId);
  return useMutation({
    mutationFn: (like: boolean) =>
      request(endpoints.workLike, { body: { game_id: gameId, like }, quiet: true }),
    onMutate: async (like) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<WorkSocial>(key);
      if (before && before.liked !== like) {
        queryClient.setQueryData<WorkSocial>(key, {
          ...before,
          liked: like,
          like_count: Math.max(0, before.like_count + (like ? 1 : -1)),
        });
      }
      return { before };
    },
    onError: (error, _like, saved) => {
      if (saved?.before) queryClient.setQueryData(key, saved.before);
      if (needsSignIn(error)) openLoginModal();
      else toast.error(failureText(error, t('social.likeFailed')));
    },
    onSuccess: (data) => queryClient.setQueryData(key, data),
  });
}

/** The work's comment count, wherever it shows, follows what the server last said. */
export function useSetCommentCount(gameId: number) {
  const queryClient = useQueryClient();
  return (count: number) =>
    queryClient.setQueryData<WorkSocial>(
      socialKeys.work(gameId),
      (old) => old && { ...old, comment_count: count },
    );
}
