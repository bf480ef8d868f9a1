import { CALLS, type CallData } from '@taleforge/contracts';
import { STATUS } from '@taleforge/contracts/status';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSession } from './support/factories.js';
import { api, call, type EnvelopeResponse } from './support/http.js';
import { halvesPng, jpegWithGps, pngBomb } from './support/images.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';
import { createWork, saveFile } from './support/studio.js';

// Pictures a creator uploads (a cover, a character's expressions) and mini-games frozen with the
// chapter version a save plays.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const face = {
  skin: '#f0d0b0',
  hair: '#222222',
  hairStyle: 'bun',
  eyes: '#334455',
  accent: '#aa3344',
} as const;

function upload<C extends typeof CALLS.studioCoverUpload | typeof CALLS.studioExpressionUpload>(
  def: C,
  token: string,
  query: Record<string, unknown>,
  bytes: Buffer,
): Promise<EnvelopeResponse<CallData<C>>> {
  return call(server, def.path, {
    method: 'POST',
    token,
    query,
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });
}

/** What the player's browser gets for a URL the server handed out. */
async function fetchOf(url: string) {
  return fetch(new URL(url, server.url('/')), { redirect: 'manual' });
}

async function publishedWork(token: string, ink: string, extra: Record<string, unknown> = {}) {
  const work = await createWork(server, token, 'Pictures');
  await api(server, CALLS.studioWorkUpdate, {
    token,
    body: {
      id: work.id,
      revision: work.revision,
      characters: [{ key: 'mira', name: { en_US: 'Mira' }, persona: {}, greeting: {}, face }],
      chapters: [{ title: { en_US: 'One' }, file: 'one.ink', price_gems: 0 }],
      ...extra,
    },
  });
  await saveFile(server, token, work.id, 'one.ink', ink);
  return work;
}

describe('uploaded pictures', () => {
  it('an expression is stored as WebP without metadata and shown where portraits are', async () => {
    const { token } = await signedIn(server);
    const work = await publishedWork(token, 'Hello. # speaker: mira:smile\n-> END\n');
    const res = await upload(
      CALLS.studioExpressionUpload,
      token,
      { id: work.id, character: 'mira', expression: 'smile' },
      await jpegWithGps(64, 64),
    );
    expect(res.status).toBe(200);
    const url = res.data!.characters[0]!.expressions.smile!;
    const stored = Buffer.from(await (await fetchOf(url)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();

    const published = await api(server, CALLS.studioPublish, { token, body: { id: work.id } });
    const gameId = published.data!.game_id!;
    const player = await buildSession(server.database.db);
    const info = await api(server, CALLS.resourceInfo, {
      token: player.token,
      query: { game_id: gameId },
    });
    const npc = info.data!.npcs.find((n) => n.key === 'mira')!;
    expect(npc.portraits.smile).toBe(url);
    expect(npc.portraits.angry).toMatch(/\/art\/npc\/\d+\/angry\.svg$/);
    // The drawn portrait's address leads to the upload too (chat and other pages use it).
    const art = await fetchOf(server.url(`/art/npc/${npc.id}/smile.svg`));
    expect(art.status).toBe(302);
    expect(art.headers.get('location')).toBe(url);
  });

  it('an update cannot name an expression picture of its own; an uploaded one can be kept', async () => {
    const { token } = await signedIn(server);
    const work = await publishedWork(token, 'Hello.\n-> END\n');
    const uploaded = await upload(
      CALLS.studioExpressionUpload,
      token,
      { id: work.id, character: 'mira', expression: 'smile' },
      await jpegWithGps(32, 32),
    );
    const smile = uploaded.data!.characters[0]!.expressions.smile!;
    const res = await api(server, CALLS.studioWorkUpdate, {
      token,
      body: {
        id: work.id,
        revision: uploaded.data!.revision,
        characters: [
          {
            ...uploaded.data!.characters[0]!,
            expressions: { smile, angry: 'https://elsewhere.example/login' },
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    // The foreign address is dropped; the upload stays.
    expect(res.data!.characters[0]!.expressions).toEqual({ smile });
  });

  it('a cover becomes the game’s cover when published', async () => {
    const { token } = await signedIn(server);
    const work = await publishedWork(token, 'Hello.\n-> END\n');
    const res = await upload(
      CALLS.studioCoverUpload,
      token,
      { id: work.id },
      await halvesPng(200, 100),
    );
    expect(res.status).toBe(200);
    expect(res.data!.cover_url).toMatch(/\/media\/.+\.webp$/);
    const published = await api(server, CALLS.studioPublish, { token, body: { id: work.id } });
    expect(published.data!.cover_url).toBe(res.data!.cover_url);
    const player = await buildSession(server.database.db);
    const info = await api(server, CALLS.resourceInfo, {
      token: player.token,
      query: { game_id: published.data!.game_id! },
    });
    expect(info.data!.game.cover).toBe(res.data!.cover_url);
  });

  it('refuses what is not a picture, a pixel bomb, an unknown character; nothing changes', async () => {
    const { token } = await signedIn(server);
    const work = await publishedWork(token, 'Hello.\n-> END\n');
    const before = (await api(server, CALLS.studioWork, { token, query: { id: work.id } })).data!;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>');
    for (const bytes of [svg, pngBomb(), Buffer.from('not an image')]) {
      const cover = await upload(CALLS.studioCoverUpload, token, { id: work.id }, bytes);
      expect(cover.status).toBe(STATUS.AVATAR_NOT_IMAGE);
    }
    const unknown = await upload(
      CALLS.studioExpressionUpload,
      token,
      { id: work.id, character: 'nobody', expression: 'smile' },
      await halvesPng(32, 32),
    );
    expect(unknown.status).toBe(STATUS.INVALID_PARAMS);
    const other = await signedIn(server);
    const theirs = await upload(
      CALLS.studioCoverUpload,
      other.token,
      { id: work.id },
      await halvesPng(32, 32),
    );
    expect(theirs.status).toBe(STATUS.STUDIO_WORK_NOT_FOUND);
    expect((await api(server, CALLS.studioWork, { token, query: { id: work.id } })).data).toEqual(
      before,
    );
  });
});

describe('mini-games frozen with the chapter version', () => {
  it('a save part-way plays the mini-game it started with after the creator changes it', async () => {
    const { token } = await signedIn(server);
    const riddle = (clue: string) => ({
      key: 'riddle',
      spec: { kind: 'word' as const, clue: { en_US: clue }, answer: { en_US: 'tide' } },
    });
    const work = await publishedWork(
      token,
      'The door is shut.\n* [Knock] A voice asks a riddle. #minigame:word:riddle\n  -> END\n',
      { minigames: [riddle('Old clue')] },
    );
    const gameId = (await api(server, CALLS.studioPublish, { token, body: { id: work.id } })).data!
      .game_id!;
    const player = await buildSession(server.database.db);
    const start = await api(server, CALLS.gameEvent, {
      token: player.token,
      body: { type: 'start', game_id: gameId },
    });

    const current = (await api(server, CALLS.studioWork, { token, query: { id: work.id } })).data!;
    await api(server, CALLS.studioWorkUpdate, {
      token,
      body: { id: work.id, revision: current.revision, minigames: [riddle('New clue')] },
    });
    await api(server, CALLS.studioPublish, { token, body: { id: work.id } });

    const knocked = await api(server, CALLS.gameEvent, {
      token: player.token,
      body: { type: 'choose', game_id: gameId, seq: start.data!.seq, choice_index: 0 },
    });
    expect(knocked.data).toMatchObject({
      chapter_updated: true,
      minigame: { kind: 'word', clue: 'Old clue' },
    });

    const fresh = await buildSession(server.database.db);
    const s = await api(server, CALLS.gameEvent, {
      token: fresh.token,
      body: { type: 'start', game_id: gameId },
    });
    const next = await api(server, CALLS.gameEvent, {
      token: fresh.token,
      body: { type: 'choose', game_id: gameId, seq: s.data!.seq, choice_index: 0 },
    });
    expect(next.data).toMatchObject({ chapter_updated: false, minigame: { clue: 'New clue' } });
  });
});
