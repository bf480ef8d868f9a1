import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { games } from './games.js';
import { users } from './users.js';

/**
 * The operator's pin for the home's featured tale (decision 49): at most one row, so the pin is a
 * single fact that a second admin's pin replaces rather than competes with. The work's own
 * visibility is checked when the home is read too, so a pinned work that is later taken down
 * simply stops being featured; deleting the work takes the pin with it.
 */
export const featuredPins = pgTable(
  'featured_pins',
  {
    slot: integer('slot').primaryKey().default(1),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    pinnedBy: bigint('pinned_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('featured_pins_one_slot', sql`${t.slot} = 1`)],
);
