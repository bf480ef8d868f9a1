/** What other modules may use of the character engines: make one, ask it, judge a goal. */
export { createModelProvider, providerName } from './create-provider.js';
export { checkGoalProposal, evaluateGoal, findGoal, playerTexts } from './goal.js';
// The engines by name, for tests that need one without a config; chooseLine is the line the
// offline engine would say (the demo characters' checks ask it).
export { chooseLine, createOfflineProvider } from './offline/offline-provider.js';
export { createOpenAiProvider } from './openai-provider.js';
export { HISTORY_BUDGET_CHARS } from './prompt.js';
export {
  type ChatTurn,
  ModelError,
  type ModelErrorKind,
  type ModelProvider,
  type ReplyEvent,
  type ReplyRequest,
} from './provider.js';
export { isLatinTerm, normalizeText, pickLocale } from './text-match.js';
