import type { PersonaLine } from '@taleforge/contracts/character-persona';

/**
 * What a character without its own `unknown` lines says to a question nothing it knows answers:
 * plainly that it does not know, not an authored line about something else.
 */
export const UNKNOWN_LINES: readonly PersonaLine[] = [
  {
    say: [
      {
        en_US: "I don't know that. Ask me something else.",
        zh_CN: '这个我不知道。问点别的吧。',
        ja_JP: 'それは知らない。ほかのことを聞いて。',
      },
    ],
    expression: 'normal',
  },
  {
    say: [
      {
        en_US: "That I can't tell you. I simply don't know.",
        zh_CN: '这我答不上来。我是真的不知道。',
        ja_JP: 'それには答えられない。本当に知らないんだ。',
      },
    ],
    expression: 'dizzy',
  },
];
