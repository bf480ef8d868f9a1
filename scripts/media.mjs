#!/usr/bin/env node
// `npm run media -- import <file> --series <id or slug> --episode <n>`: the media pipeline.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../apps/server/dist/cli/media.js');
