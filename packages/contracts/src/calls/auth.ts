import { z } from 'zod';
import { defineCall, pageOf, pageQuerySchema } from '../call.js';
import { LIMITS, OAUTH_ENUM, SCENE_TYPE, TICKET_USE_TYPES } from '../constants.js';
import { loginNicknameSchema, passwordSchema, storable } from '../text-fields.js';
import { visitorSecretSchema } from '../visitor.js';

// zod's own email pattern, except that a domain label may not end with a hyphen (RFC 1035): mail
// servers refuse such an address, so it would pass here and fail as "mail could not be sent".
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ pattern: EMAIL_PATTERN }));
const oauthEnum = z.enum(OAUTH_ENUM);
const sceneType = z.literal(SCENE_TYPE);
const deviceId = z.string().min(1).max(128).check(storable);
// A picture the browser may load: a web address (a provider's CDN), or none. Never `javascript:`,
// `data:` or a path on our own origin.
const avatarUrl = z.union([
  z.literal(''),
  z
    .url({ protocol: /^https?$/, hostname: z.regexes.domain })
    .max(2048)
    .check(storable),
]);
const inviteCode = z.string().trim().min(1).max(64).check(storable);

export const userInfoRespSchema = z.object({
  taleforge_id: z.string(),
  nick_name: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  oauth_enum: oauthEnum,
  role: z.enum(['user', 'admin']),
  created_at: z.string(),
});

/** User info (SPEC §3): `user_info_resp` is nested and the browser merges it in. */
export const userInfoSchema = z.object({
  taleforge_id: z.string(),
  uid: z.string(),
  nick_name: z.string().nullable(),
  avatar: z.string().nullable(),
  new_user: z.boolean(),
  need_complete_nick_name: z.boolean(),
  oauth_enum: oauthEnum,
  user_info_resp: userInfoRespSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginDataSchema = z.object({
  access_token: z.string(),
  oauth_enum: oauthEnum,
  uid: z.string(),
  need_complete_nick_name: z.boolean(),
  new_user: z.boolean(),
  user_info_resp: userInfoRespSchema,
  /** Discord sign-in: where the player was when the flow started (always a same-site path). */
  return_path: z.string().optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const userExistCall = defineCall({
  method: 'GET',
  path: '/api/v1/validate/user/exist',
  query: z.object({ email }),
  data: z.boolean(),
});

/**
 * `resend_in`: seconds until another code may be asked for (SPEC §9's 60 s countdown). A second
 * ask for the same use while a live code is less than 60 s old mails nothing and answers the
 * seconds left, so the browser goes on to the code step instead of a dead end.
 */
export const ticketDataSchema = z.object({
  resend_in: z.number().int().min(0).max(LIMITS.resendCountdownSeconds),
});
export type TicketData = z.infer<typeof ticketDataSchema>;

export const loginTicketCall = defineCall({
  method: 'POST',
  path: '/api/v1/login/ticket',
  body: z.strictObject({
    email,
    send_to_email: z.boolean().default(true),
    ticket_use_type: z.enum(TICKET_USE_TYPES),
  }),
  data: ticketDataSchema,
});

export const registerCall = defineCall({
  method: 'POST',
  path: '/api/v1/register',
  body: z.strictObject({
    email,
    ticket: z.string().regex(/^\d{6}$/),
    pwd: passwordSchema,
    pwd_: passwordSchema,
    nick_name: loginNicknameSchema,
    oauth_enum: z.literal('EMAIL'),
    scene_type: sceneType,
    invite_code: inviteCode,
    register_df_id: deviceId.optional(),
    /** Proves the browser is the visitor df_id names: only then does that visitor sign in or move. */
    visitor_secret: visitorSecretSchema.optional(),
  }),
  data: loginDataSchema,
});

export const loginCall = defineCall({
  method: 'POST',
  path: '/api/v1/login',
  body: z.strictObject({
    oauth_enum: oauthEnum,
    scene_type: sceneType,
    email: email.optional(),
    pwd: passwordSchema.optional(),
    access_token: z.string().max(4096).optional(),
    openid: z.string().max(256).optional(),
    nick_name: z.string().max(256).optional(),
    avatar: avatarUrl.optional(),
    /** Discord: the authorization code and the state the callback page received. */
    code: z.string().max(512).optional(),
    state: z.string().max(2048).optional(),
    register_df_id: deviceId.optional(),
    /** Proves the browser is the visitor df_id names: only then does that visitor sign in or move. */
    visitor_secret: visitorSecretSchema.optional(),
  }),
  data: loginDataSchema,
});

export const forgetCall = defineCall({
  method: 'POST',
  path: '/api/v1/forget',
  body: z.strictObject({
    email,
    pwd: passwordSchema,
    oauth_enum: z.literal('EMAIL'),
    ticket: z.string().regex(/^\d{6}$/),
  }),
  data: z.null(),
});

export const userInfoCall = defineCall({
  method: 'GET',
  path: '/api/auth/h5/user/info',
  data: userInfoSchema,
});

export const bindInviteCodeCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/user/bind/invite/code',
  body: z.strictObject({
    oauth_enum: oauthEnum,
    nick_name: loginNicknameSchema,
    avatar: avatarUrl.optional(),
    scene_type: sceneType,
    invite_code: inviteCode,
    register_df_id: deviceId.optional(),
    /** Proves the browser is the visitor df_id names: only then does that visitor sign in or move. */
    visitor_secret: visitorSecretSchema.optional(),
  }),
  data: userInfoSchema,
});

/** Ends the session server-side; the token can never be used again. */
export const logoutCall = defineCall({
  method: 'POST',
  path: '/api/auth/h5/user/logout',
  data: z.null(),
});

/** Starts a Discord sign-in: the server keeps the state and PKCE verifier; the browser navigates. */
export const discordAuthorizeCall = defineCall({
  method: 'POST',
  path: '/api/v1/oauth/discord/authorize',
  body: z.strictObject({ return_path: z.string().max(512) }),
  data: z.object({ authorize_url: z.string() }),
});

export const inviteCodeSchema = z.object({
  code: z.string(),
  max_uses: z.number().int(),
  used_count: z.number().int(),
  expires_at: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});

/** Customer service (admin role) creates invite codes. */
export const inviteCreateCall = defineCall({
  method: 'POST',
  path: '/api/auth/admin/invite/codes',
  body: z.strictObject({
    count: z.number().int().min(1).max(500),
    uses: z.number().int().min(1).max(100_000),
    expires_at: z.iso.datetime({ offset: true }).optional(),
    note: z.string().max(200).optional(),
  }),
  data: z.object({ codes: z.array(inviteCodeSchema) }),
});

export const inviteListCall = defineCall({
  method: 'GET',
  path: '/api/auth/admin/invite/codes',
  query: pageQuerySchema,
  data: pageOf(inviteCodeSchema),
});
