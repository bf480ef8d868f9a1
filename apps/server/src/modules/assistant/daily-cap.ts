import type { AssistantCap } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The cap counts per UTC day, the same day for every player wherever they are. */
export function utcDayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

export function capOf(limit: number, used: number, at: Date): AssistantCap {
  return {
    limit,
    used: Math.min(used, limit),
    resets_at: new Date(utcDayStart(at).getTime() + DAY_MS).toISOString(),
  };
}

/** How long until the reset, in whole hours and minutes (a started minute counts). */
function untilReset(at: Date): { h: number; min: number } {
  const minutes = Math.ceil((utcDayStart(at).getTime() + DAY_MS - at.getTime()) / 60_000);
  return { h: Math.floor(minutes / 60), min: minutes % 60 };
}

const RESET_TEXT: Record<Locale, (h: number, min: number) => string> = {
  en_US: (h, min) => `resets at 00:00 UTC, in ${h > 0 ? `${h} h ` : ''}${min} min`,
  zh_CN: (h, min) => `将于 UTC 00:00 重置，还有 ${h > 0 ? `${h} 小时 ` : ''}${min} 分钟`,
  ja_JP: (h, min) => `UTC 00:00 にリセットされます（あと ${h > 0 ? `${h} 時間 ` : ''}${min} 分）`,
};

/** The detail of the cap's refusal (6401): when the player may write again. */
export function resetDetail(at: Date, locale: Locale): string {
  const { h, min } = untilReset(at);
  return RESET_TEXT[locale](h, min);
}
