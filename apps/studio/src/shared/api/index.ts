import { config } from '../config';
import { currentLocale } from '../i18n/i18n';
import { deviceId, session } from '../session';
import { createApiClient } from './client';

export { ApiError, isApiError } from '@taleforge/browser/api-error';
export { type Endpoint, endpoint } from './client';

export const api = createApiClient({
  apiBase: config.apiBase,
  getLocale: currentLocale,
  getVisitorId: deviceId,
  getToken: session.token,
  // A token the server no longer accepts: back to the sign-in screen.
  onLoginRequired: () => session.clear(),
});

export const request = api.request;
