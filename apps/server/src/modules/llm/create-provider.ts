import type { Config } from '../../config.js';
import { createOfflineProvider } from './offline/offline-provider.js';
import { createOpenAiProvider } from './openai-provider.js';
import type { ModelProvider, ProviderName } from './provider.js';

export function providerName(config: Config): ProviderName {
  return config.LLM_PROVIDER ?? (config.LLM_BASE_URL ? 'openai' : 'offline');
}

/** The character engine the configuration asks for (config.ts already checked its settings). */
export function createModelProvider(config: Config): ModelProvider {
  if (providerName(config) === 'offline') {
    return createOfflineProvider({ paceMs: config.LLM_OFFLINE_PACE_MS });
  }
  return createOpenAiProvider({
    baseUrl: config.LLM_BASE_URL as string,
    model: config.LLM_MODEL as string,
    ...(config.LLM_API_KEY ? { apiKey: config.LLM_API_KEY } : {}),
    idleTimeoutMs: config.LLM_TIMEOUT_MS,
    maxReplyMs: config.LLM_MAX_REPLY_MS,
    maxTokens: config.LLM_MAX_TOKENS,
  });
}
