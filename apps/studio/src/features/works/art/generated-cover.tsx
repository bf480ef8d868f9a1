import type { ScriptType } from '@taleforge/contracts/constants';
import { useId } from 'react';

// A draft's cover before the creator uploads one or publishes: our own art drawn here from the
// work's title and script type, so the works list never shows an empty card.

/** Two colours and a motif per script type: the card says at a glance what kind of story it is. */
const LOOK: Record<ScriptType, { from: string; to: string; motif: 'moon' | 'star' | 'wave' }> = {
  SUSPENSE: { from: '#1b1446', to: '#4a2a7a', motif: 'moon' },
  CHALLENGE: { from: '#3a1630', to: '#b8483f', motif: 'star' },
  HEROES: { from: '#10244a', to: '#d08a2c', motif: 'star' },
  LEGENDS: { from: '#231a10', to: '#a8742c', motif: 'moon' },
  MAGIC: { from: '#1d0f4a', to: '#8f6bff', motif: 'star' },
  FUTURE: { from: '#061f33', to: '#1fb5c9', motif: 'wave' },
  ROMANCE: { from: '#3a0f2e', to: '#e0678f', motif: 'moon' },
  DREAMS: { from: '#16194a', to: '#7f8fe8', motif: 'wave' },
  REBELLION: { from: '#2a0c12', to: '#d23c3c', motif: 'star' },
  CREATIVITY: { from: '#0f2f2a', to: '#5fe3a9', motif: 'wave' },
  COMEDY: { from: '#3a2a08', to: '#f6c76b', motif: 'star' },
};

/** The title in at most three lines of about 14 characters, breaking at spaces where it can. */
function titleLines(title: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest; ) {
      const room = 14 - (line ? line.length + 1 : 0);
      if (rest.length <= room) {
        line = line ? `${line} ${rest}` : rest;
        rest = '';
      } else if (line) {
        lines.push(line);
        line = '';
      } else {
        lines.push(rest.slice(0, 14));
        rest = rest.slice(14);
      }
    }
  }
  if (line) lines.push(line);
  return lines.length > 3 ? [...lines.slice(0, 2), `${lines[2]!.slice(0, 13)}…`] : lines;
}

function Motif({ motif }: { motif: 'moon' | 'star' | 'wave' }) {
  if (motif === 'moon')
    return <path d="M190 70a44 44 0 1 0 30 76 36 36 0 1 1-30-76z" fill="#fff" opacity="0.35" />;
  if (motif === 'star')
    return (
      <path
        d="M190 50l11 30 32 2-25 20 9 31-27-18-27 18 9-31-25-20 32-2z"
        fill="#fff"
        opacity="0.35"
      />
    );
  return (
    <path
      d="M0 120q38-24 75 0t75 0 75 0 75 0M0 150q38-24 75 0t75 0 75 0 75 0"
      stroke="#fff"
      strokeWidth="6"
      fill="none"
      opacity="0.25"
    />
  );
}

/** A 3:4 cover, decorative (the title is also written next to it): hidden from screen readers. */
export function GeneratedCover({
  title,
  scriptType,
  className,
}: {
  title: string;
  scriptType: ScriptType;
  className?: string;
}) {
  const look = LOOK[scriptType];
  // One gradient per drawing: several covers share a page and an id must be unique on it.
  const id = useId();
  return (
    <svg
      className={className}
      viewBox="0 0 300 400"
      aria-hidden="true"
      focusable="false"
      data-testid="generated-cover"
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor={look.from} />
          <stop offset="1" stopColor={look.to} />
        </linearGradient>
      </defs>
      <rect width="300" height="400" fill={`url(#${id})`} />
      <Motif motif={look.motif} />
      <path d="M0 330q75-40 150-10t150-20v100H0z" fill="#000" opacity="0.35" />
      <text x="24" y="250" fill="#fff" fontFamily="Georgia, serif" fontSize="30" fontWeight="700">
        {titleLines(title).map((line, index) => (
          <tspan key={line + String(index)} x="24" dy={index === 0 ? 0 : 36}>
            {line}
          </tspan>
        ))}
      </text>
    </svg>
  );
}
