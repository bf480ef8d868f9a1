import type { AssistantMessage, GameCard } from '@taleforge/contracts';
import type { AssistantSource, Locale } from '@taleforge/contracts/constants';
import type { MessageRow } from './message-queries.js';
import type { AssistantReaders } from './readers.js';

/**
 * Stored messages as the browser reads them. Cards are built now, in the reader's language and
 * as the works are today: a work unpublished since is left out, a retitled one shows its new title.
 */
export async function viewMessages(
  readers: Pick<AssistantReaders, 'workCards'>,
  rows: MessageRow[],
  locale: Locale,
): Promise<AssistantMessage[]> {
  const ids = [...new Set(rows.flatMap((row) => row.workIds))];
  const cards = new Map<number, GameCard>(
    (ids.length > 0 ? await readers.workCards(ids, locale) : []).map((card) => [card.id, card]),
  );
  return rows.map((row) => ({
    id: row.id,
    role: row.role as AssistantMessage['role'],
    text: row.text,
    source: (row.source as AssistantSource | null) ?? null,
    works: row.workIds.flatMap((id) => cards.get(id) ?? []),
    actions: row.actions,
    created_at: row.createdAt.toISOString(),
  }));
}
