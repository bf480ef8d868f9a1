import { readItem } from '@taleforge/browser/storage';
import type {
  bindInviteCodeCall,
  discordAuthorizeCall,
  forgetCall,
  loginCall,
  loginTicketCall,
  logoutCall,
  registerCall,
  userExistCall,
  userInfoCall,
} from '@taleforge/contracts';
import { STORAGE_KEYS } from '@taleforge/contracts/constants';
import { endpoint } from '../../shared/api';

/** The sign-in calls of SPEC §7, typed by their contracts. */
export const authCalls = {
  userExist: endpoint<typeof userExistCall>({ method: 'GET', path: '/api/v1/validate/user/exist' }),
  loginTicket: endpoint<typeof loginTicketCall>({ method: 'POST', path: '/api/v1/login/ticket' }),
  register: endpoint<typeof registerCall>({ method: 'POST', path: '/api/v1/register' }),
  login: endpoint<typeof loginCall>({ method: 'POST', path: '/api/v1/login' }),
  forget: endpoint<typeof forgetCall>({ method: 'POST', path: '/api/v1/forget' }),
  userInfo: endpoint<typeof userInfoCall>({ method: 'GET', path: '/api/auth/h5/user/info' }),
  bindInvite: endpoint<typeof bindInviteCodeCall>({
    method: 'POST',
    path: '/api/auth/h5/user/bind/invite/code',
  }),
  logout: endpoint<typeof logoutCall>({ method: 'POST', path: '/api/auth/h5/user/logout' }),
  discordAuthorize: endpoint<typeof discordAuthorizeCall>({
    method: 'POST',
    path: '/api/v1/oauth/discord/authorize',
  }),
};

/**
 * SPEC §6: the visitor id goes along as register_df_id on login, register and bind — with the
 * secret that proves this browser is that visitor, so the visitor's progress moves to the account.
 */
export const visitorFields = (): { register_df_id?: string; visitor_secret?: string } => {
  const id = readItem(STORAGE_KEYS.visitor);
  const secret = readItem(STORAGE_KEYS.visitorSecret);
  return { ...(id ? { register_df_id: id } : {}), ...(secret ? { visitor_secret: secret } : {}) };
};
