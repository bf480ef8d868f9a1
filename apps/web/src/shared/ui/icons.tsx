import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * Decorative line icons: the text beside them (or an aria-label) carries the meaning. Features
 * draw their own on this frame, in their own chunks.
 */
export function Icon({ size = 18, children, ...rest }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const SparkleIcon = ({ size = 22, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
    <path d="M19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z" />
  </Icon>
);

export const MasksIcon = ({ size = 22, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <path d="M3 5c3 1.2 6 1.2 9 0v6a4.5 4.5 0 0 1-9 0z" />
    <path d="M12 9c3 1.2 6 1.2 9 0v6a4.5 4.5 0 0 1-9 0" />
    <path d="M5.5 9h.01M9.5 9h.01M14.5 13h.01M18.5 13h.01M6 12.5c.8.6 1.8.6 2.6 0M15 17c.8-.6 2.2-.6 3 0" />
  </Icon>
);

export const UserIcon = ({ size = 22, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Icon>
);

export const GlobeIcon = ({ size = 18, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z" />
  </Icon>
);

export const PlayIcon = ({ size = 14, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <path d="M7 5l12 7-12 7z" fill="currentColor" />
  </Icon>
);

export const CloseIcon = ({ size = 20, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const BookIcon = ({ size = 14, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z" />
    <path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" />
  </Icon>
);

export const BackIcon = ({ size = 20, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);

export const SignOutIcon = ({ size = 18, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" />
  </Icon>
);

export const GemIcon = ({ size = 18, ...rest }: IconProps) => (
  <Icon size={size} {...rest}>
    <path d="M6 3h12l4 6-10 12L2 9z" />
    <path d="M2 9h20M9 3l3 6 3-6M12 21L9 9M12 21l3-12" />
  </Icon>
);
