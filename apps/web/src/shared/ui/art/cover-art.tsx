import type { ScriptType } from '@taleforge/contracts/constants';
import { useId, useMemo } from 'react';
import { buildScene } from './scene';

const SIZES = { portrait: [300, 400], wide: [1200, 480], square: [400, 400] } as const;

type CoverArtProps = {
  seed: string;
  genre?: ScriptType | null;
  shape?: keyof typeof SIZES;
  className?: string;
};

/**
 * Generated night-scene art: a stand-in for covers that are missing or fail to load, and the
 * artwork of empty states. No image files, no external assets, the same picture for the same seed.
 */
export function CoverArt({ seed, genre = null, shape = 'portrait', className }: CoverArtProps) {
  const [w, h] = SIZES[shape];
  const scene = useMemo(() => buildScene(seed, genre, w, h), [seed, genre, w, h]);
  const id = useId();
  const [top, middle, horizon, glow] = scene.palette;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${w} ${h}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={`${id}sky`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={top} />
          <stop offset=".55" stopColor={middle} />
          <stop offset="1" stopColor={horizon} />
        </linearGradient>
        <radialGradient id={`${id}glow`}>
          <stop offset="0" stopColor={glow} stopOpacity=".55" />
          <stop offset="1" stopColor={glow} stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width={w} height={h} fill={`url(#${id}sky)`} />
      {scene.stars.map((star, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: generated once per seed, never reordered.
        <circle key={i} cx={star.x} cy={star.y} r={star.r} fill="#fff" opacity={star.opacity} />
      ))}
      <circle cx={scene.moon.x} cy={scene.moon.y} r={scene.moon.r * 4} fill={`url(#${id}glow)`} />
      <circle cx={scene.moon.x} cy={scene.moon.y} r={scene.moon.r} fill={glow} opacity=".92" />
      {scene.layers.map((shape, i) =>
        shape.kind === 'path' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <path key={i} d={shape.d} fill={shape.fill} />
        ) : (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={i}
            x={shape.x}
            y={shape.y}
            width={shape.w}
            height={shape.h}
            fill={shape.fill}
            opacity={shape.opacity}
          />
        ),
      )}
      {scene.sparkles.map((spark, i) => (
        <path
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={i}
          d={`M${spark.x} ${spark.y - spark.s * 2}L${spark.x + spark.s * 0.5} ${spark.y}L${spark.x} ${spark.y + spark.s * 2}L${spark.x - spark.s * 0.5} ${spark.y}Z`}
          fill={glow}
          opacity=".85"
        />
      ))}
    </svg>
  );
}
