// Chromium for the browser benchmarks: Debian's build (scripts/ensure-chromium.sh), never a
// downloaded one, with the flags a closed network and a root user need.
import { chromium } from '@playwright/test';

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}
