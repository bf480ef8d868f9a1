import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * An authorization flow in progress (RFC 9700): the state is single-use, expires, and is bound to
 * the browser that started it through a second secret only that browser holds.
 */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  bindingHash: text('binding_hash').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnPath: text('return_path').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
