// `npm run bench`: every benchmark, each printing its own figures beside a baseline measured in
// the same run. Needs a build (`npm run build`) and Chromium (scripts/ensure-chromium.sh).
import { spawnSync } from 'node:child_process';
import { NODE_FLAGS } from './lib/server-process.mjs';

if (!NODE_FLAGS.every((flag) => process.execArgv.includes(flag))) {
  const again = [...NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)];
  process.exit(spawnSync(process.execPath, again, { stdio: 'inherit' }).status ?? 1);
}

const { benchApi } = await import('./api/run.mjs');
const { benchAssistantPages } = await import('./assistant-pages/run.mjs');
const { benchAssistantVoice } = await import('./assistant-voice/run.mjs');
const { benchBundle } = await import('./bundle/run.mjs');
const { benchChatTtft } = await import('./chat-ttft/run.mjs');
const { benchFirstLine } = await import('./first-line/run.mjs');
const { benchFirstPaint } = await import('./first-paint/run.mjs');
const { benchIsolation } = await import('./isolation/run.mjs');
const { benchLogin } = await import('./login/run.mjs');
const { benchNodes } = await import('./nodes/run.mjs');
const { benchPlay } = await import('./play/run.mjs');
const { benchPublish } = await import('./publish/run.mjs');
const { benchRestart } = await import('./restart/run.mjs');
const { benchSegments } = await import('./segments/run.mjs');
const { benchSocial } = await import('./social/run.mjs');
const { benchSpend } = await import('./spend/run.mjs');
const { benchStepHistory } = await import('./step-history/run.mjs');
const { benchStudioEditor } = await import('./studio-editor/run.mjs');
const { benchVideoStart } = await import('./video-start/run.mjs');

const only = process.argv[2];
if (!only || only === 'api') await benchApi();
if (!only || only === 'bundle') {
  await benchBundle();
  // The play page of the first seeded demo game: its own budget (issue 5).
  await benchBundle('/drama/1', 200);
}
if (!only || only === 'first-line') await benchFirstLine();
if (!only || only === 'first-paint') await benchFirstPaint();
if (!only || only === 'login') await benchLogin();
if (!only || only === 'chat-ttft') await benchChatTtft();
if (!only || only === 'spend') await benchSpend();
if (!only || only === 'play') await benchPlay();
if (!only || only === 'step-history') await benchStepHistory();
if (!only || only === 'publish') await benchPublish();
if (!only || only === 'isolation') await benchIsolation();
if (!only || only === 'social') await benchSocial();
if (!only || only === 'segments') await benchSegments();
if (!only || only === 'video-start') await benchVideoStart();
if (!only || only === 'assistant-voice') await benchAssistantVoice();
if (!only || only === 'assistant-pages') await benchAssistantPages();
if (!only || only === 'studio-editor') await benchStudioEditor();
if (!only || only === 'nodes') await benchNodes();
if (!only || only === 'restart') await benchRestart();
