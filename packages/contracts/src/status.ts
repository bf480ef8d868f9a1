import type { Locale } from './constants.js';

type Messages = Record<Locale, string>;

/**
 * Every body status the server answers with, and its message in each language.
 * Business outcomes travel as HTTP 200 with one of these; transport faults reuse the HTTP code.
 */
export const STATUS = {
  OK: 200,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVER_ERROR: 500,
  UNAVAILABLE: 503,
  INVALID_PARAMS: 1001,
  MISSING_DEVICE: 1002,
  RATE_LIMITED: 1003,
  FORBIDDEN: 1004,
  NO_TOKEN: 1005,
  TOKEN_INVALID: 1006,
  TOKEN_EXPIRED: 1007,
  RISK_KEY_UNKNOWN: 1101,
  RISK_PAYLOAD_INVALID: 1102,
} as const;

export type StatusName = keyof typeof STATUS;
export type StatusCode = (typeof STATUS)[StatusName];

export const STATUS_MESSAGES: Record<StatusCode, Messages> = {
  200: { en_US: 'Success', zh_CN: '成功', ja_JP: '成功しました' },
  400: {
    en_US: 'The request could not be read',
    zh_CN: '无法解析该请求',
    ja_JP: 'リクエストを読み取れませんでした',
  },
  404: {
    en_US: 'This address does not exist',
    zh_CN: '该地址不存在',
    ja_JP: 'このアドレスは存在しません',
  },
  405: {
    en_US: 'This method is not allowed here',
    zh_CN: '不支持该请求方法',
    ja_JP: 'このメソッドは使用できません',
  },
  413: {
    en_US: 'The request is too large',
    zh_CN: '请求内容过大',
    ja_JP: 'リクエストが大きすぎます',
  },
  415: {
    en_US: 'This content type is not supported',
    zh_CN: '不支持该内容类型',
    ja_JP: 'このコンテンツタイプには対応していません',
  },
  500: {
    en_US: 'Something went wrong on our side, please try again later',
    zh_CN: '服务器出了点问题，请稍后再试',
    ja_JP: 'サーバーで問題が発生しました。しばらくしてからもう一度お試しください',
  },
  503: {
    en_US: 'The service is starting or shutting down, please try again shortly',
    zh_CN: '服务正在启动或关闭，请稍后再试',
    ja_JP: 'サービスの起動中または停止中です。少し待ってからお試しください',
  },
  1001: { en_US: 'Invalid parameters', zh_CN: '参数错误', ja_JP: 'パラメータが正しくありません' },
  1002: {
    en_US: 'Missing device identifier, please refresh the page',
    zh_CN: '缺少设备标识，请刷新页面',
    ja_JP: 'デバイス識別子がありません。ページを再読み込みしてください',
  },
  1003: {
    en_US: 'Too many requests, please try again later',
    zh_CN: '请求过于频繁，请稍后再试',
    ja_JP: 'リクエストが多すぎます。しばらくしてからお試しください',
  },
  1004: {
    en_US: 'You do not have permission to do this',
    zh_CN: '您没有执行此操作的权限',
    ja_JP: 'この操作を行う権限がありません',
  },
  1005: {
    en_US: 'Please log in first',
    zh_CN: '请先登录',
    ja_JP: 'ログインしてください',
  },
  1006: {
    en_US: 'Your session is no longer valid, please log in again',
    zh_CN: '登录状态已失效，请重新登录',
    ja_JP: 'セッションが無効です。もう一度ログインしてください',
  },
  1007: {
    en_US: 'Your session has expired, please log in again',
    zh_CN: '登录已过期，请重新登录',
    ja_JP: 'セッションの有効期限が切れました。もう一度ログインしてください',
  },
  1101: {
    en_US: 'Device check key has changed, please refresh the page',
    zh_CN: '设备校验密钥已更新，请刷新页面',
    ja_JP: 'デバイス確認キーが更新されました。ページを再読み込みしてください',
  },
  1102: {
    en_US: 'Device check data could not be read',
    zh_CN: '无法读取设备校验数据',
    ja_JP: 'デバイス確認データを読み取れませんでした',
  },
};

/** Body statuses that mean "sign in again": the browser opens the login dialog on them. */
export const LOGIN_REQUIRED_STATUSES: readonly number[] = [
  STATUS.NO_TOKEN,
  STATUS.TOKEN_INVALID,
  STATUS.TOKEN_EXPIRED,
];

export function statusMessage(code: StatusCode, locale: Locale): string {
  return STATUS_MESSAGES[code][locale];
}
