// `npm run bench`: every benchmark, each printing its own figures beside a baseline measured in
// the same run. Needs a build (`npm run build`) and Chromium (scripts/ensure-chromium.sh).
import { benchApi } from './api/run.mjs';
import { benchBundle } from './bundle/run.mjs';
import { benchChatTtft } from './chat-ttft/run.mjs';
import { benchLogin } from './login/run.mjs';
import { benchPlay } from './play/run.mjs';
import { benchSpend } from './spend/run.mjs';

const only = process.argv[2];
if (!only || only === 'api') await benchApi();
if (!only || only === 'bundle') {
  await benchBundle();
  // The play page of the first seeded demo game: its own budget (issue 5).
  await benchBundle('/drama/1', 200);
}
if (!only || only === 'login') await benchLogin();
if (!only || only === 'chat-ttft') await benchChatTtft();
if (!only || only === 'spend') await benchSpend();
if (!only || only === 'play') await benchPlay();
