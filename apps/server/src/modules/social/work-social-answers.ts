import type { CallData, workSocialCall } from '@taleforge/contracts';
import type { Locale } from '@taleforge/contracts/constants';
import type { ResponseWriter } from '../../platform/http/response-writer.js';
import { WrittenAnswer } from '../../platform/http/written-answer.js';
import type { WorkSocialView } from './like-service.js';
import type { WorkCounts } from './social-read-cache.js';

type SocialCall = typeof workSocialCall;

export const toWorkSocial = ({ work, liked }: WorkSocialView): CallData<SocialCall> => ({
  game_id: work.gameId,
  like_count: work.likeCount,
  comment_count: work.commentCount,
  liked,
});

/**
 * A work's counts written once per lifetime (decision 36, "Caching"): the read cache's counts
 * object lives one lifetime and every change to the work replaces it, so its two answers (liked
 * or not) per language are kept with it and go when it goes. Nothing but `liked` is the viewer's.
 */
export function createWorkSocialAnswers(write: ResponseWriter<SocialCall>) {
  const kept = new WeakMap<WorkCounts, Map<string, WrittenAnswer<SocialCall>>>();
  return {
    answer(view: WorkSocialView, locale: Locale): WrittenAnswer<SocialCall> {
      let answers = kept.get(view.work);
      if (!answers) {
        answers = new Map();
        kept.set(view.work, answers);
      }
      const key = `${locale}${view.liked}`;
      let answer = answers.get(key);
      if (!answer) {
        answer = new WrittenAnswer(write(toWorkSocial(view), locale));
        answers.set(key, answer);
      }
      return answer;
    },
  };
}
