import { useState } from 'react';

/** A player's picture, or their initial on a colour of their own when there is none (or it fails). */
export function ProfileAvatar({
  src,
  name,
  alt,
  className = '',
}: {
  src: string | null;
  name: string;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={alt}
        className={`profile-avatar ${className}`}
        decoding="async"
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={alt}
      className={`profile-avatar profile-avatar--initial ${className}`}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
