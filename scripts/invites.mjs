#!/usr/bin/env node
// `npm run invites -- create --count 20 --uses 1`: customer service's invite codes.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../apps/server/dist/cli/invites.js');
