import { RateLimits } from '../../platform/http/rate-limit.js';
import type { Limiters } from '../../platform/shared-state/index.js';

/**
 * Each recording and each spoken reply is a paid call to a speech service, so a player gets as
 * many per minute as assistant messages (ASSISTANT_SENDS_PER_MINUTE). An address carries many
 * players (a household, a school, a carrier's NAT), so it gets twenty times that.
 */
export function createSpeechLimits(store: Limiters, perMinute: number) {
  const limit = {
    ip: { points: perMinute * 20, windowSeconds: 60 },
    subject: { points: perMinute, windowSeconds: 60 },
  };
  return new RateLimits({ transcribe: limit, speech: limit }, store);
}

export type SpeechLimits = ReturnType<typeof createSpeechLimits>;
