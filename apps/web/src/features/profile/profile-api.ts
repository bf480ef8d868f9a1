import type {
  avatarUploadCall,
  nicknameUpdateCall,
  Profile,
  profileCall,
  profileUpdateCall,
  profileWorksCall,
  UserInfo,
} from '@taleforge/contracts';
import type { ProfileList, ProfileTab } from '@taleforge/contracts/constants';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { endpoint, request } from '../../shared/api';
import { currentLocale } from '../../shared/i18n/i18n';
import { saveUserInfo } from '../auth/session';

const profileEndpoint = endpoint<typeof profileCall>({
  method: 'GET',
  path: '/api/h5/user/profile',
});
const worksEndpoint = endpoint<typeof profileWorksCall>({
  method: 'GET',
  path: '/api/h5/user/profile/works',
});
const nicknameEndpoint = endpoint<typeof nicknameUpdateCall>({
  method: 'POST',
  path: '/api/auth/h5/user/nickname',
});
const updateEndpoint = endpoint<typeof profileUpdateCall>({
  method: 'POST',
  path: '/api/auth/h5/user/profile',
});
const avatarEndpoint = endpoint<typeof avatarUploadCall>({
  method: 'POST',
  path: '/api/auth/h5/user/avatar',
});

export const PROFILE_PAGE_SIZE = 12;

export const profileKeys = {
  profile: (id: string) => ['profile', id] as const,
  works: (id: string, list: ProfileList, tab: ProfileTab, locale: string) =>
    ['profile', id, 'works', list, tab, locale] as const,
};

/** A failed read shows "Failed to load user profile" in the page, not a toast. */
export function useProfile(taleforgeId: string) {
  return useQuery({
    queryKey: profileKeys.profile(taleforgeId),
    queryFn: ({ signal }) =>
      request(profileEndpoint, { query: { taleforge_id: taleforgeId }, signal, quiet: true }),
    enabled: Boolean(taleforgeId),
    retry: false,
  });
}

/** One list over one tab, a page at a time ("Show more" asks for the next). */
export function useProfileWorks(taleforgeId: string, list: ProfileList, tab: ProfileTab) {
  const locale = currentLocale();
  return useInfiniteQuery({
    queryKey: profileKeys.works(taleforgeId, list, tab, locale),
    queryFn: ({ signal, pageParam }) =>
      request(worksEndpoint, {
        query: {
          taleforge_id: taleforgeId,
          list,
          tab,
          page: pageParam,
          page_size: PROFILE_PAGE_SIZE,
        },
        signal,
        quiet: true,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
    enabled: Boolean(taleforgeId),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The header's user info and the page's profile both show the change at once. */
function useApplyUserInfo(taleforgeId: string) {
  const queryClient = useQueryClient();
  return (info: UserInfo, avatar?: string | null) => {
    saveUserInfo(info);
    queryClient.setQueryData(profileKeys.profile(taleforgeId), (old: Profile | undefined) =>
      old ? { ...old, nick_name: info.nick_name, ...(avatar ? { avatar } : {}) } : old,
    );
  };
}

export function useSaveNickname(taleforgeId: string) {
  const apply = useApplyUserInfo(taleforgeId);
  return useMutation({
    mutationFn: (nickName: string) =>
      request(nicknameEndpoint, { body: { nick_name: nickName }, quiet: true }),
    onSuccess: (info) => apply(info),
  });
}

export function useUpdateProfile(taleforgeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      bio?: string;
      hide_works?: boolean;
      hide_played?: boolean;
      hide_liked?: boolean;
    }) => request(updateEndpoint, { body, quiet: true }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.profile(taleforgeId), profile);
      void queryClient.invalidateQueries({ queryKey: ['profile', taleforgeId, 'works'] });
    },
  });
}

export type CropArea = { x: number; y: number; width: number; height: number };

export function useUploadAvatar(taleforgeId: string) {
  const queryClient = useQueryClient();
  const apply = useApplyUserInfo(taleforgeId);
  return useMutation({
    mutationFn: ({ file, crop }: { file: Blob; crop: CropArea }) =>
      request(avatarEndpoint, { query: crop, raw: file, quiet: true }),
    onSuccess: (info) => {
      apply(info);
      // The large size is the profile's to name: read it again.
      void queryClient.invalidateQueries({ queryKey: profileKeys.profile(taleforgeId) });
    },
  });
}
