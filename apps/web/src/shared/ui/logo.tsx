import { useId } from 'react';

/** Our mark: a forged star over an anvil line, in the brand gold. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe8a8" />
          <stop offset="1" stopColor="#dc9c34" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="#221653" />
      <rect
        x="1"
        y="1"
        width="62"
        height="62"
        rx="15"
        fill="none"
        stroke="#ffffff"
        strokeOpacity=".08"
      />
      <path
        d="M32 9l5.6 11.6L50 24.3l-9 8.7 2.2 12.5L32 39.6l-11.2 5.9L23 33l-9-8.7 12.4-3.7z"
        fill={`url(#${gradient})`}
      />
      <path d="M17 51h30" stroke={`url(#${gradient})`} strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
