import { countCharacters } from '@taleforge/contracts/text-length';
import { cleanText } from '@taleforge/contracts/text-policy';
import { useTranslation } from 'react-i18next';
import './text-limit.css';

/** The counter shows in the last fifth of a limit: early enough to stop, quiet before. */
const NEAR_SHARE = 0.8;

/**
 * How a text stands against its limit, counted as the server counts (characters, once the
 * characters nobody sees are removed and the ends trimmed: decision 50), so a text of only
 * zero-width spaces counts 0 and its send waits like an empty one's. One
 * rule for every box with a limit: nothing typed is cut; past the limit the box says so and its
 * send waits.
 */
export function textLimit(text: string, max: number) {
  const count = countCharacters(cleanText(text));
  return { count, max, over: count > max, near: count >= Math.floor(max * NEAR_SHARE) };
}

export type TextLimitState = ReturnType<typeof textLimit>;

/**
 * The counter under a box: empty until the text nears its limit, then `count/max`, and past it
 * how many characters are too many. Name it in the box's aria-describedby, and set the box's
 * aria-invalid while `over`.
 */
export function TextLimitCounter({ id, limit }: { id: string; limit: TextLimitState }) {
  const { t } = useTranslation();
  const { count, max, over, near } = limit;
  return (
    <span id={id} className={over ? 'text-limit text-limit--over' : 'text-limit'}>
      {over
        ? t('common.textLimit.over', { count: count - max, value: count, max })
        : near
          ? t('common.textLimit.near', { value: count, max })
          : null}
    </span>
  );
}
