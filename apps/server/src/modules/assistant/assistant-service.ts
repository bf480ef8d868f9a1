import type {
  AssistantSettings,
  AssistantState,
  assistantReportCall,
  CallBody,
} from '@taleforge/contracts';
import { ASSISTANT_LIMITS, type Locale, type SpeechEngine } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import { cleanText, isBlank } from '@taleforge/contracts/text-policy';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { capOf, utcDayStart } from './daily-cap.js';
import { countPlayerMessagesSince, listMessages, type MessageRow } from './message-queries.js';
import { viewMessages } from './message-view.js';
import type { AssistantReaders } from './readers.js';
import { insertReport } from './report-queries.js';
import { readSettings, writeSettings } from './settings-queries.js';

/** Messages a report carries when the player agrees to include the conversation. */
const REPORT_MESSAGES = 20;

/** The panel's reads, the avatar and mute settings, and reports the player agreed to send. */
export function createAssistantService(deps: {
  db: Db;
  readers: Pick<AssistantReaders, 'workCards'>;
  dailyCap: number;
  voice: { transcription: SpeechEngine; speech: SpeechEngine };
  now: () => Date;
}) {
  const { db, readers, now } = deps;

  /** A page of messages before `beforeId`, oldest first, and whether older ones exist. */
  async function page(userId: number, locale: Locale, beforeId: number | null) {
    const rows = await listMessages(db, userId, ASSISTANT_LIMITS.historyPage + 1, beforeId);
    const shown: MessageRow[] = rows.slice(0, ASSISTANT_LIMITS.historyPage).reverse();
    return {
      messages: await viewMessages(readers, shown, locale),
      has_more: rows.length > ASSISTANT_LIMITS.historyPage,
    };
  }

  return {
    async state(userId: number, locale: Locale): Promise<AssistantState> {
      const at = now();
      const [settings, latest, used] = await Promise.all([
        readSettings(db, userId),
        page(userId, locale, null),
        countPlayerMessagesSince(db, userId, utcDayStart(at)),
      ]);
      return { ...settings, ...latest, cap: capOf(deps.dailyCap, used, at), voice: deps.voice };
    },

    history: page,

    settings(userId: number, change: Partial<AssistantSettings>): Promise<AssistantSettings> {
      const given = Object.fromEntries(
        Object.entries(change).filter(([, value]) => value !== undefined),
      ) as Partial<AssistantSettings>;
      return writeSettings(db, userId, given, now());
    },

    async report(
      userId: number,
      locale: Locale,
      body: CallBody<typeof assistantReportCall>,
    ): Promise<{ report_id: number }> {
      const description = cleanText(body.description);
      const length = [...description].length;
      if (isBlank(description) || length > ASSISTANT_LIMITS.reportMaxChars) {
        throw new AppError(STATUS.REPORT_TEXT_INVALID);
      }
      const conversation = body.include_conversation
        ? (await listMessages(db, userId, REPORT_MESSAGES, null))
            .reverse()
            .map((row) => ({ role: row.role, text: row.text, at: row.createdAt.toISOString() }))
        : null;
      const id = await insertReport(db, {
        userId,
        clientReportId: body.client_report_id,
        description,
        conversation,
        locale,
        createdAt: now(),
      });
      return { report_id: id };
    },
  };
}

export type AssistantService = ReturnType<typeof createAssistantService>;
