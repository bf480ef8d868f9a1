#!/usr/bin/env node
// `npm run backup -- create --out taleforge.tar.gz` / `restore <file>`: the embedded database's copy.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../apps/server/dist/cli/backup.js');
