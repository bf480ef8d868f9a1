import type { Config } from '../../../config.js';
import type { AssistantEngine } from './engine.js';
import { createModelEngine } from './model-engine.js';
import { createOfflineEngine } from './offline-engine.js';

/**
 * The chat's model settings decide (LLM_*): with a model the assistant uses it too, with none
 * the offline engine. config.ts has already checked that a model has its URL and name.
 */
export function createEngine(config: Config): AssistantEngine {
  const engine = config.LLM_PROVIDER ?? (config.LLM_BASE_URL ? 'openai' : 'offline');
  if (engine === 'offline') return createOfflineEngine();
  return createModelEngine({
    baseUrl: config.LLM_BASE_URL as string,
    model: config.LLM_MODEL as string,
    ...(config.LLM_API_KEY ? { apiKey: config.LLM_API_KEY } : {}),
    timeoutMs: config.LLM_TIMEOUT_MS,
    maxReplyMs: config.LLM_MAX_REPLY_MS,
    maxTokens: config.LLM_MAX_TOKENS,
  });
}
