import { LIMITS } from '@taleforge/contracts/constants';

export type WindowSize = {
  outerWidth: number;
  innerWidth: number;
  outerHeight: number;
  innerHeight: number;
};

/**
 * SPEC §1/§9: docked developer tools shrink the viewport inside an unchanged window, so a large
 * gap between outer and inner size (more than 200 px wide or 300 px high) means they are open.
 */
export function isDevtoolsOpen(size: WindowSize): boolean {
  return (
    size.outerWidth - size.innerWidth > LIMITS.devtoolsWidthThresholdPx ||
    size.outerHeight - size.innerHeight > LIMITS.devtoolsHeightThresholdPx
  );
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The guard never runs where developers and the test suite work. */
export function isGuardExempt(location: { hostname: string; host: string }, testHost: string) {
  if (LOCAL_HOSTS.has(location.hostname)) return true;
  return testHost !== '' && (location.hostname === testHost || location.host === testHost);
}
