#!/usr/bin/env node
// `npm run featured -- pin --game 12`: the operator's pin on the home page's featured tale.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../apps/server/dist/cli/featured.js');
