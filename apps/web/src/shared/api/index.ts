import { readItem } from '@taleforge/browser/storage';
import { STORAGE_KEYS } from '@taleforge/contracts/constants';
import { config } from '../config';
import { currentLocale, i18n } from '../i18n/i18n';
import { toast } from '../ui/toast/toast-store';
import { createApiClient } from './client';

export { ApiError, isApiError } from '@taleforge/browser/api-error';
export { type Endpoint, endpoint } from './client';

/** Window event the login modal listens to (SPEC §2, §8). */
export const SHOW_LOGIN_MODAL_EVENT = 'show-login-modal';

export const api = createApiClient({
  basePath: config.basePath,
  getLocale: currentLocale,
  getVisitorId: () => readItem(STORAGE_KEYS.visitor),
  getToken: () => readItem(STORAGE_KEYS.accessToken),
  onNetworkError: () => toast.error(i18n.t('errors.network')),
  onLoginRequired: (status) =>
    window.dispatchEvent(new CustomEvent(SHOW_LOGIN_MODAL_EVENT, { detail: { status } })),
});

export const request = api.request;
export const streamCall = api.stream;
