import type { StudioCharacter, StudioWork, StudioWorkSummary } from '@taleforge/contracts';
import { STUDIO_LIMITS } from '@taleforge/contracts/constants';
import { STATUS } from '@taleforge/contracts/status';
import type { Db, Tx } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import {
  assertUniqueKeys,
  assertWithinLimits,
  byteLength,
  type ImportedContent,
  type WorkUpdate,
} from './draft-rules.js';
import * as q from './work-queries.js';
import { type GameState, toSummary, toWork, type ViewUrls } from './work-view.js';

export interface StudioCoreDeps {
  db: Db;
  now: () => Date;
  urls: ViewUrls;
}

/**
 * Works and their files: the studio's core, which compile, preview, publish, import and export
 * build on. Every entry names the signed-in account; a visitor account gets 6514 whatever it
 * asks, and a work that is not the caller's answers 6501 exactly as a missing one does.
 */
export function createStudioCore({ db, now, urls }: StudioCoreDeps) {
  async function creator(userId: number) {
    const account = await q.findAccount(db, userId);
    if (!account || account.oauthEnum === 'DF_ID')
      throw new AppError(STATUS.STUDIO_LOGIN_TO_CREATE);
    return account;
  }

  async function owned(ownerId: number, workId: number, tx: Db | Tx = db, lock = false) {
    const row = await q.findOwnedWork(tx, ownerId, workId, lock);
    if (!row) throw new AppError(STATUS.STUDIO_WORK_NOT_FOUND);
    return row;
  }

  async function gameOf(row: q.WorkRow, tx: Db | Tx = db): Promise<GameState | null> {
    return row.gameId === null ? null : q.findGameState(tx, row.gameId);
  }

  async function view(row: q.WorkRow, tx: Db | Tx = db): Promise<StudioWork> {
    const [game, files] = await Promise.all([gameOf(row, tx), q.listFileSizes(tx, row.id)]);
    return toWork(row, game, files, urls);
  }

  async function summary(row: q.WorkRow, tx: Db | Tx = db): Promise<StudioWorkSummary> {
    return toSummary(row, await gameOf(row, tx), urls);
  }

  /** The other files' bytes plus `adding` must stay within the work's 5 MB. */
  async function assertRoom(tx: Tx, workId: number, adding: Record<string, string>) {
    const sizes = await q.listFileSizes(tx, workId);
    const kept = sizes.filter((f) => !(f.path in adding)).reduce((sum, f) => sum + f.size, 0);
    const added = Object.values(adding).reduce((sum, text) => sum + byteLength(text), 0);
    if (kept + added > STUDIO_LIMITS.sourcesMaxBytes) {
      throw new AppError(STATUS.STUDIO_SOURCES_TOO_LARGE);
    }
  }

  /** Runs `change` on the locked work and bumps its revision once, all in one transaction. */
  function changeLocked<T>(
    ownerId: number,
    workId: number,
    change: (
      tx: Tx,
      row: q.WorkRow,
    ) => Promise<{ changes?: q.WorkChanges; result: (row: q.WorkRow) => Promise<T> }>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const row = await owned(ownerId, workId, tx, true);
      const { changes = {}, result } = await change(tx, row);
      const updated = await q.updateWorkAt(tx, workId, row.revision, changes, now());
      return result(updated!);
    });
  }

  return {
    creator,
    owned,
    view,
    summary,
    change: changeLocked,

    async list(ownerId: number): Promise<StudioWorkSummary[]> {
      await creator(ownerId);
      const rows = await q.listOwnedWorks(db, ownerId);
      return Promise.all(rows.map((row) => summary(row)));
    },

    async get(ownerId: number, workId: number): Promise<StudioWork> {
      await creator(ownerId);
      return view(await owned(ownerId, workId));
    },

    async create(
      ownerId: number,
      input: {
        title: StudioWork['title'];
        script_type: StudioWork['script_type'];
        idempotency_key?: string | undefined;
      },
    ): Promise<StudioWork> {
      await creator(ownerId);
      const createKey = input.idempotency_key ?? null;
      return db.transaction(async (tx) => {
        // Serialises one creator's creates so two at once cannot both take the 100th place, nor
        // a double click's two requests both make a work.
        await q.findAccountForUpdate(tx, ownerId);
        const made = createKey ? await q.findWorkByCreateKey(tx, ownerId, createKey) : null;
        if (made) return view(made, tx);
        if ((await q.countOwnedWorks(tx, ownerId)) >= STUDIO_LIMITS.worksPerCreatorMax) {
          throw new AppError(STATUS.STUDIO_TOO_MANY_WORKS);
        }
        const row = await q.insertWork(
          tx,
          { ownerId, title: input.title, scriptType: input.script_type, createKey },
          now(),
        );
        return view(row, tx);
      });
    },

    async update(ownerId: number, input: WorkUpdate): Promise<StudioWork> {
      await creator(ownerId);
      const { id, revision, script_type, ...fields } = input;
      const row = await owned(ownerId, id);
      const changes: q.WorkChanges = {
        ...fields,
        ...(fields.characters ? { characters: keepUploadedOnly(fields.characters, row) } : {}),
        ...(script_type ? { scriptType: script_type } : {}),
      };
      assertUniqueKeys({ ...row, ...changes });
      const updated = await q.updateWorkAt(db, id, revision, changes, now());
      if (!updated) throw new AppError(STATUS.STUDIO_REVISION_CONFLICT);
      return view(updated);
    },

    async remove(ownerId: number, workId: number): Promise<void> {
      await creator(ownerId);
      await owned(ownerId, workId);
      await q.deleteWork(db, workId);
    },

    /** Every ink file of the work with its text, by path (the sources export). */
    async sources(ownerId: number, workId: number): Promise<Record<string, string>> {
      await creator(ownerId);
      await owned(ownerId, workId);
      return q.listFiles(db, workId);
    },

    async file(ownerId: number, workId: number, path: string) {
      await creator(ownerId);
      await owned(ownerId, workId);
      const file = await q.findFile(db, workId, path);
      if (!file) throw new AppError(STATUS.STUDIO_FILE_NOT_FOUND);
      return file;
    },

    async saveFile(ownerId: number, workId: number, path: string, source: string) {
      await creator(ownerId);
      return changeLocked(ownerId, workId, async (tx) => {
        await assertRoom(tx, workId, { [path]: source });
        await q.upsertFile(tx, workId, path, source, now());
        return {
          result: async (row) => ({ path, size: byteLength(source), revision: row.revision }),
        };
      });
    },

    async deleteFile(ownerId: number, workId: number, path: string) {
      await creator(ownerId);
      return changeLocked(ownerId, workId, async (tx) => {
        if (!(await q.deleteFile(tx, workId, path))) {
          throw new AppError(STATUS.STUDIO_FILE_NOT_FOUND);
        }
        return { result: async (row) => ({ revision: row.revision }) };
      });
    },

    /** Adds an import's files, chapters and characters to the work as one change. */
    async addImported(ownerId: number, workId: number, content: ImportedContent) {
      await creator(ownerId);
      return changeLocked(ownerId, workId, async (tx, row) => {
        const changes = {
          chapters: [...row.chapters, ...content.chapters],
          characters: [...row.characters, ...content.characters],
          ...(content.title && row.chapters.length === 0 ? { title: content.title } : {}),
        };
        assertWithinLimits(changes);
        assertUniqueKeys({ ...row, ...changes });
        await assertRoom(tx, workId, content.files);
        for (const [path, source] of Object.entries(content.files)) {
          await q.upsertFile(tx, workId, path, source, now());
        }
        return { changes, result: (updated) => view(updated, tx) };
      });
    },
  };
}

export type StudioCore = ReturnType<typeof createStudioCore>;

/**
 * An update may keep or drop a character's uploaded expression, never name a new address: only
 * the upload call sets one (to our media store). Anything else would become a portrait players'
 * browsers load, or a redirect to another site.
 */
function keepUploadedOnly(characters: StudioCharacter[], row: { characters: StudioCharacter[] }) {
  return characters.map((character) => {
    const before = row.characters.find((c) => c.key === character.key)?.expressions ?? {};
    const expressions = Object.fromEntries(
      Object.entries(character.expressions).filter(
        ([expression, url]) => before[expression as keyof typeof before] === url,
      ),
    );
    return { ...character, expressions };
  });
}
