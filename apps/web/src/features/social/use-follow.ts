import type { Profile, Relation, UserCard } from '@taleforge/contracts';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api';
import { toast } from '../../shared/ui/toast/toast-store';
import { openLoginModal } from '../auth/login-modal/login-modal-events';
import { profileKeys } from '../profile/profile-api';
import {
  type CursorPage,
  endpoints,
  failureText,
  needsSignIn,
  refusedByBlock,
  socialKeys,
} from './social-api';

const NO_RELATION: Relation = {
  is_following: false,
  follows_you: false,
  is_blocked: false,
  blocks_you: false,
};

/** The viewer's relation to a profile; a visitor is never asked (it would be all false). */
export function useRelation(taleforgeId: string, member: boolean) {
  return useQuery({
    queryKey: socialKeys.relation(taleforgeId),
    queryFn: ({ signal }) =>
      request(endpoints.relation, { query: { taleforge_id: taleforgeId }, signal, quiet: true }),
    enabled: member && Boolean(taleforgeId),
    placeholderData: NO_RELATION,
  });
}

type FollowChange = { taleforge_id: string; follow: boolean };

/** Every cached follow list that shows this person gets their new state. */
function patchCards(
  queryClient: ReturnType<typeof useQueryClient>,
  taleforgeId: string,
  following: boolean,
) {
  queryClient.setQueriesData<InfiniteData<CursorPage<UserCard>>>(
    { queryKey: ['social', 'follows'] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          list: page.list.map((card) =>
            card.taleforge_id === taleforgeId ? { ...card, is_following: following } : card,
          ),
        })),
      },
  );
}

/**
 * Follow and unfollow at once on screen; the server's answer settles the count, and a failure
 * puts everything back with the SPEC's "Follow failed, please try again later".
 */
export function useFollow() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FollowChange) => request(endpoints.follow, { body: change, quiet: true }),
    onMutate: async ({ taleforge_id: id, follow }) => {
      await queryClient.cancelQueries({ queryKey: socialKeys.relation(id) });
      const relation = queryClient.getQueryData<Relation>(socialKeys.relation(id));
      const profile = queryClient.getQueryData<Profile>(profileKeys.profile(id));
      queryClient.setQueryData<Relation>(socialKeys.relation(id), {
        ...(relation ?? NO_RELATION),
        is_following: follow,
      });
      if (profile && Boolean(relation?.is_following) !== follow) {
        const step = follow ? 1 : -1;
        queryClient.setQueryData<Profile>(profileKeys.profile(id), {
          ...profile,
          follower_count: Math.max(0, profile.follower_count + step),
        });
      }
      patchCards(queryClient, id, follow);
      return { relation, profile, was: !follow };
    },
    onError: (error, { taleforge_id: id }, saved) => {
      if (saved?.relation) queryClient.setQueryData(socialKeys.relation(id), saved.relation);
      if (saved?.profile) queryClient.setQueryData(profileKeys.profile(id), saved.profile);
      patchCards(queryClient, id, saved?.was ?? false);
      if (needsSignIn(error)) openLoginModal();
      else toast.error(failureText(error, t('social.followFailed')));
      // A block that came after the page asked: the relation says so from now on.
      if (refusedByBlock(error))
        void queryClient.invalidateQueries({ queryKey: socialKeys.relation(id) });
    },
    onSuccess: (data, { taleforge_id: id }) => {
      queryClient.setQueryData<Relation>(socialKeys.relation(id), (old) => ({
        ...(old ?? NO_RELATION),
        is_following: data.is_following,
      }));
      queryClient.setQueryData<Profile>(
        profileKeys.profile(id),
        (old) => old && { ...old, follower_count: data.follower_count },
      );
      patchCards(queryClient, id, data.is_following);
      // The viewer's own "following" count and list moved too.
      void queryClient.invalidateQueries({ queryKey: ['social', 'follows'], type: 'inactive' });
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey.length === 2 && queryKey[0] === 'profile' && queryKey[1] !== id,
      });
    },
  });
}

export function useBlock(taleforgeId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) =>
      request(endpoints.block, { body: { taleforge_id: taleforgeId, block }, quiet: true }),
    onSuccess: (relation) => {
      queryClient.setQueryData(socialKeys.relation(taleforgeId), relation);
      // A block ends follows both ways: the counts are the server's to say.
      void queryClient.invalidateQueries({ queryKey: profileKeys.profile(taleforgeId) });
      void queryClient.invalidateQueries({ queryKey: ['social', 'follows'] });
    },
    onError: (error) => {
      if (needsSignIn(error)) openLoginModal();
      else toast.error(failureText(error, t('social.blockFailed')));
    },
  });
}

/** Followers or following of a profile, a cursor page at a time. */
export function useFollowList(taleforgeId: string, list: 'followers' | 'following') {
  return useInfiniteQuery({
    queryKey: socialKeys.follows(taleforgeId, list),
    queryFn: ({ signal, pageParam }) =>
      request(endpoints.followList, {
        query: { taleforge_id: taleforgeId, list, cursor: pageParam },
        signal,
        quiet: true,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}
