// How every browser run of ours starts Chromium (the journeys and the browser benchmarks): Debian's
// build that scripts/ensure-chromium.sh installs, never a downloaded one, with the flags a root
// user and a closed network need (without the networking ones Chromium keeps dialling out).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The journeys run in Debian's build of Chromium's headless shell: the same engine without the
// browser's own layers (its compositor process above all), as Playwright runs headless by default.
// Measured on the same journeys: a fifth less CPU than the full browser (docs/performance.md). The
// benchmarks keep the full browser, which is what a player runs.
export const HEADLESS_SHELL_PATH =
  process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
