import { continueLastGame } from './continue-last-game.js';
import { explainPayment } from './explain-payment.js';
import { explainTopic } from './explain-topic.js';
import { findWorks } from './find-works.js';
import { openTopup } from './open-topup.js';
import { openWork } from './open-work.js';
import { reportProblem } from './report-problem.js';
import type { AssistantTool } from './tool.js';
import { walletSummary } from './wallet-summary.js';

/**
 * Every tool the assistant has; both engines reach the player's world only through these. Listed
 * as the general tool type: runTool checks the arguments against each one's own schema first.
 */
export const TOOLS = [
  findWorks,
  openWork,
  continueLastGame,
  walletSummary,
  explainTopic,
  openTopup,
  explainPayment,
  reportProblem,
] as unknown as AssistantTool[];

export const toolNamed = (name: string): AssistantTool | undefined =>
  TOOLS.find((tool) => tool.name === name);

export type { AssistantTool, ToolContext, ToolOutcome } from './tool.js';
export {
  continueLastGame,
  explainPayment,
  explainTopic,
  findWorks,
  openTopup,
  openWork,
  reportProblem,
  walletSummary,
};
