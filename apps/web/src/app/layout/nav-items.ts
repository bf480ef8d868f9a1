import type { ComponentType } from 'react';
import { MasksIcon, SparkleIcon, UserIcon } from '../../shared/ui/icons';

export type NavItem = {
  to: string;
  labelKey: 'nav.forYou' | 'nav.drama' | 'nav.profile';
  Icon: ComponentType<{ size?: number }>;
  /** Profile needs a session; visitors get the login modal instead of a bounce to /. */
  needsProfileAccess?: boolean;
};

export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/For_You', labelKey: 'nav.forYou', Icon: SparkleIcon },
  { to: '/drama', labelKey: 'nav.drama', Icon: MasksIcon },
  { to: '/profile/me', labelKey: 'nav.profile', Icon: UserIcon, needsProfileAccess: true },
];
