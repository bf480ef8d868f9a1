#!/usr/bin/env node
// `npm run migrate-data -- --to postgres://…`: moves an embedded install to PostgreSQL.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../apps/server/dist/cli/migrate-data.js');
