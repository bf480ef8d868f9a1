import type { AssistantAvatar } from '@taleforge/contracts/constants';

type VoiceLike = Pick<SpeechSynthesisVoice, 'name' | 'lang' | 'default'>;

// Browsers do not say a voice's gender; their names usually do (Microsoft "Aria", Google "…
// Female", Apple "Samantha", Chinese "Xiaoxiao"/"Yunxi", Japanese "Nanami"/"Keita").
const FEMALE =
  /female|woman|girl|aria|jenny|zira|samantha|victoria|karen|moira|tessa|susan|hazel|libby|sonia|xiaoxiao|xiaoyi|huihui|yaoyao|ting-?ting|mei-?jia|sin-?ji|nanami|haruka|ayumi|kyoko|o-?ren|mizuki|sayaka/i;
const MALE =
  /\bmale|\bman\b|boy|guy|david|mark|daniel|alex|fred|george|ryan|christopher|eric|yunxi|yunyang|kangkang|li-?mu|keita|ichiro|otoya|hattori|takumi/i;

const genderOf = (name: string): AssistantAvatar | null => {
  // "Female" contains "male": test the female words first.
  if (FEMALE.test(name)) return 'female';
  if (MALE.test(name)) return 'male';
  return null;
};

/** `en_US` → `en`, `zh-CN` → `zh`: voices are matched on the language, then on the region. */
const languageOf = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';
const sameTag = (a: string, b: string) =>
  a.toLowerCase().replace('_', '-') === b.toLowerCase().replace('_', '-');

/**
 * The voice that reads a reply: one in the reply's language whose name says it matches the
 * avatar, else one whose name says nothing against it, else none (the text stays on screen).
 */
export function pickVoice<V extends VoiceLike>(
  voices: readonly V[],
  avatar: AssistantAvatar,
  locale: string,
): V | null {
  const inLanguage = voices.filter((v) => languageOf(v.lang) === languageOf(locale));
  const rank = (v: V) =>
    (genderOf(v.name) === avatar ? 0 : genderOf(v.name) === null ? 2 : 4) +
    (sameTag(v.lang, locale) ? 0 : 1);
  const best = [...inLanguage].sort((a, b) => rank(a) - rank(b))[0];
  if (!best || rank(best) >= 4) return null;
  return best;
}
