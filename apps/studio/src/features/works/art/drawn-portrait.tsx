import type { StudioCharacter } from '@taleforge/contracts';
import type { Expression } from '@taleforge/contracts/constants';

// A character's expression drawn here from its face colours, for expressions without an upload:
// a draft has no published npc yet, so the player site's portrait address cannot draw it.

type Face = StudioCharacter['face'];

/** The mouth of each expression, as a path around the face's centre line. */
const MOUTH: Record<Expression, string> = {
  normal: 'M54 78h20',
  grin: 'M50 76q14 12 28 0z',
  laugh: 'M50 74q14 18 28 0z',
  happy: 'M52 76q12 8 24 0',
  love: 'M54 78q10 6 20 0',
  hungry: 'M56 76q8 8 16 0v4h-16z',
  observe: 'M58 78h12',
  kiss: 'M62 74a3 4 0 1 0 0.1 0',
  angry: 'M52 80q12-8 24 0',
  sleep: 'M56 78q8 3 16 0',
  dizzy: 'M52 78q4-4 8 0t8 0 8 0',
  smile: 'M53 76q11 7 22 0',
};

function Hair({ face }: { face: Face }) {
  const { hair, hairStyle } = face;
  if (hairStyle === 'hood') return <path d="M24 70q0-52 40-52t40 52v40H24z" fill={face.accent} />;
  if (hairStyle === 'long') return <path d="M26 66q0-46 38-46t38 46v44H26z" fill={hair} />;
  if (hairStyle === 'bun')
    return (
      <>
        <circle cx="64" cy="18" r="12" fill={hair} />
        <path d="M30 58q0-34 34-34t34 34q-16-14-34-14t-34 14z" fill={hair} />
      </>
    );
  if (hairStyle === 'spiky')
    return <path d="M30 56l4-26 10 10 8-18 12 14 12-14 8 18 10-10 4 26q-34-16-68 0z" fill={hair} />;
  return <path d="M30 58q0-34 34-34t34 34q-16-12-34-12t-34 12z" fill={hair} />;
}

/** The expression as drawn from `face` (skin, hair and its style, eyes, accent). */
export function DrawnPortrait({
  face,
  expression,
  label,
}: {
  face: Face;
  expression: Expression;
  label: string;
}) {
  const closed = expression === 'sleep' || expression === 'laugh';
  return (
    <svg className="drawn-portrait" viewBox="0 0 128 128" role="img" aria-label={label}>
      <rect width="128" height="128" fill="#221a52" />
      <path d="M24 128q4-26 40-26t40 26z" fill={face.accent} />
      <Hair face={face} />
      <ellipse cx="64" cy="64" rx="28" ry="32" fill={face.skin} />
      {face.hairStyle !== 'hood' && face.hairStyle !== 'long' ? null : (
        <path d="M36 56q28-22 56 0q-6-22-28-22t-28 22z" fill={face.hair} />
      )}
      {closed ? (
        <path d="M48 62q5 4 10 0M70 62q5 4 10 0" stroke="#2a1f3a" strokeWidth="2.5" fill="none" />
      ) : (
        <>
          <circle cx="53" cy="62" r="4" fill={face.eyes} />
          <circle cx="75" cy="62" r="4" fill={face.eyes} />
        </>
      )}
      <path
        d={MOUTH[expression]}
        stroke="#6b2a3a"
        strokeWidth="2.5"
        fill="#6b2a3a"
        fillOpacity="0.5"
      />
    </svg>
  );
}
