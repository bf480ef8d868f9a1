// How every browser run of ours starts Chromium (the journeys and the browser benchmarks): Debian's
// build that scripts/ensure-chromium.sh installs, never a downloaded one, with the flags a root
// user and a closed network need (without the networking ones Chromium keeps dialling out).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
