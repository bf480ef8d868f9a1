#!/usr/bin/env node
// `npm start`: build once if the sources changed since the last build, then run the server in
// this process (no extra process between npm and the server, so signals reach it directly).
import { ensureBuild } from './ensure-build.mjs';
import { ensureNodeVersion } from './node-version.mjs';

ensureNodeVersion();
ensureBuild();
await import('../apps/server/dist/main.js');
