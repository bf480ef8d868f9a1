import type { AssistantAvatar } from '@taleforge/contracts/constants';

export type AvatarMood = 'idle' | 'listening' | 'thinking' | 'speaking';

/*
 * The two guides, drawn like the story portraits (the server's portrait.ts: one face on a
 * 200×240 board, flat fills, no assets to ship). Each state moves only a few parts — the eyes
 * blink, the mouth talks, a ring listens, dots think — by CSS classes (avatar.css), which
 * prefers-reduced-motion stills.
 */
const LOOK = {
  female: {
    skin: '#f3d2bd',
    hair: '#4a2f86',
    hairLight: '#6a48b8',
    accent: '#8f6bff',
    trim: '#f6c76b',
    eyes: '#5b3fd6',
  },
  male: {
    skin: '#e6bb98',
    hair: '#2a1f45',
    hairLight: '#43346e',
    accent: '#2f8f9d',
    trim: '#f6c76b',
    eyes: '#3a6b5e',
  },
} as const;

function Hair({ avatar, look }: { avatar: AssistantAvatar; look: (typeof LOOK)[AssistantAvatar] }) {
  if (avatar === 'female') {
    return (
      <>
        {/* A fringe swept from a side parting, so the brows and the forehead show. */}
        <path
          d="M50 114Q48 36 100 34Q152 36 150 114L144 84Q120 94 98 72Q82 96 56 98z"
          fill={look.hair}
        />
        <path d="M68 56q22 -14 50 -6q-28 0 -42 14z" fill={look.hairLight} />
        {/* A gold star pin: the product's accent. */}
        <path
          d="M140 58l4 8l9 1l-7 6l2 9l-8 -5l-8 5l2 -9l-7 -6l9 -1z"
          fill={look.trim}
          className="av__pin"
        />
      </>
    );
  }
  return (
    <>
      <path
        d="M50 108q-4 -66 50 -68q54 2 50 68q-6 -22 -22 -30q-26 10 -62 12q-10 6 -16 18z"
        fill={look.hair}
      />
      <path d="M60 70q24 -20 60 -10q-30 -2 -52 18z" fill={look.hairLight} />
    </>
  );
}

function Body({ avatar, look }: { avatar: AssistantAvatar; look: (typeof LOOK)[AssistantAvatar] }) {
  return (
    <>
      <path d="M26 240q4 -52 74 -58q70 6 74 58z" fill={look.accent} />
      {avatar === 'female' ? (
        <path d="M78 186q22 22 44 0l-6 -4q-16 12 -32 0z" fill={look.trim} />
      ) : (
        <path d="M84 184l16 22l16 -22l-6 -2l-10 12l-10 -12z" fill={look.trim} />
      )}
      <rect x="88" y="166" width="24" height="24" rx="8" fill={look.skin} />
    </>
  );
}

export function AvatarArt({ avatar, mood }: { avatar: AssistantAvatar; mood: AvatarMood }) {
  const look = LOOK[avatar];
  return (
    <svg
      viewBox="0 0 200 240"
      className={`av av--${mood}`}
      data-avatar={avatar}
      data-state={mood}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="100" cy="124" r="92" className="av__ring" fill="none" stroke={look.accent} />
      <g className="av__figure">
        {avatar === 'female' && (
          // Behind the face and the shoulders, as in the story portraits.
          <path d="M40 118q-8 -88 60 -92q68 4 60 92v96h-26v-76h-68v76h-26z" fill={look.hair} />
        )}
        <Body avatar={avatar} look={look} />
        <g className="av__head">
          <ellipse cx="100" cy="122" rx="50" ry="58" fill={look.skin} />
          <ellipse cx="52" cy="124" rx="7" ry="11" fill={look.skin} />
          <ellipse cx="148" cy="124" rx="7" ry="11" fill={look.skin} />
          <Hair avatar={avatar} look={look} />
          <g
            className="av__brows"
            stroke={look.hair}
            strokeWidth="5"
            fill="none"
            strokeLinecap="round"
          >
            <path d="M66 98q12 -4 24 0" />
            <path d="M110 98q12 -4 24 0" />
          </g>
          <g className="av__eyes">
            {[78, 122].map((x) => (
              <g key={x}>
                <ellipse cx={x} cy="118" rx="9" ry="11" fill="#fff" />
                <circle cx={x} cy="119" r="6" fill={look.eyes} className="av__pupil" />
                <circle cx={x + 2} cy="116" r="2" fill="#fff" />
              </g>
            ))}
          </g>
          <ellipse cx="70" cy="140" rx="10" ry="5" fill="#ff7a9a" opacity=".35" />
          <ellipse cx="130" cy="140" rx="10" ry="5" fill="#ff7a9a" opacity=".35" />
          <path
            className="av__smile"
            d="M86 156q14 12 28 0"
            stroke="#7a2e2e"
            strokeWidth="4"
            fill="none"
            strokeLinecap="round"
          />
          <ellipse className="av__mouth" cx="100" cy="160" rx="9" ry="7" fill="#7a2e2e" />
        </g>
      </g>
      <g className="av__dots" fill={look.trim}>
        <circle cx="150" cy="44" r="6" />
        <circle cx="168" cy="30" r="7" />
        <circle cx="186" cy="14" r="8" />
      </g>
    </svg>
  );
}
