import { CALLS, STATUS, type StudioWork } from '@taleforge/contracts';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPngText } from '../src/modules/studio/card/png-text.js';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { startTestServer, type TestServer } from './support/server.js';
import { createWork, saveFile } from './support/studio.js';
import { uploadImport } from './support/studio-import.js';

// Bad uploads: each is refused with its own localized message (naming what is wrong where that
// helps) and the work is exactly as it was — same revision, files, chapters and characters.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A work with one file and one chapter, so "changed nothing" has something to keep. */
async function workWithContent(token: string): Promise<StudioWork> {
  const work = await createWork(server, token);
  await saveFile(server, token, work.id, 'main.ink', 'Hello.\n-> END');
  const res = await api(server, CALLS.studioWorkUpdate, {
    token,
    body: {
      id: work.id,
      revision: 1,
      chapters: [{ title: { en_US: 'One' }, file: 'main.ink', price_gems: 0 }],
    },
  });
  return res.data!;
}

async function expectUnchanged(token: string, before: StudioWork) {
  const after = await api(server, CALLS.studioWork, { token, query: { id: before.id } });
  expect(after.data).toEqual(before);
  const file = await api(server, CALLS.studioFile, {
    token,
    query: { id: before.id, path: 'main.ink' },
  });
  expect(file.data!.source).toBe('Hello.\n-> END');
}

const png = () =>
  sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
    .png()
    .toBuffer();

describe('a refused import changes nothing', () => {
  it.each([
    {
      what: 'a zip with ../evil.ink',
      kind: 'ink_zip' as const,
      bytes: async () => zipSync({ 'main.ink': strToU8('Evil'), '../evil.ink': strToU8('x') }),
      status: STATUS.STUDIO_ZIP_UNSAFE,
      desc: 'This zip is unsafe: it has paths outside the work or unpacks too large: ../evil.ink',
    },
    {
      what: 'a zip with an absolute path',
      kind: 'ink_zip' as const,
      bytes: async () => zipSync({ '/etc/main.ink': strToU8('x') }),
      status: STATUS.STUDIO_ZIP_UNSAFE,
      desc: 'This zip is unsafe: it has paths outside the work or unpacks too large: /etc/main.ink',
    },
    {
      what: 'a zip bomb',
      kind: 'ink_zip' as const,
      bytes: async () => zipSync({ 'main.ink': new Uint8Array(24 * 1024 * 1024) }, { level: 9 }),
      status: STATUS.STUDIO_ZIP_UNSAFE,
      desc: 'This zip is unsafe: it has paths outside the work or unpacks too large: unpacks to more than 20971520 bytes',
    },
    {
      what: 'Latin-1 ink',
      kind: 'ink' as const,
      bytes: async () => Buffer.from('Caf\xe9 cr\xe8me\n', 'latin1'),
      status: STATUS.STUDIO_NOT_UTF8,
      desc: 'Text files must be UTF-8: story.ink',
    },
    {
      what: 'a Latin-1 file inside a zip',
      kind: 'ink_zip' as const,
      bytes: async () => zipSync({ 'main.ink': Buffer.from('Caf\xe9', 'latin1') }),
      status: STATUS.STUDIO_NOT_UTF8,
      desc: 'Text files must be UTF-8: main.ink',
    },
    {
      what: 'a card PNG with a broken chunk',
      kind: 'card' as const,
      bytes: async () => {
        const card = Buffer.from(
          JSON.stringify({ spec: 'chara_card_v2', data: { name: 'Mira' } }),
        ).toString('base64');
        const bytes = Buffer.from(addPngText(await png(), [['chara', card]]));
        bytes[bytes.indexOf('chara') + 8]! ^= 0x55;
        return bytes;
      },
      status: STATUS.STUDIO_CARD_INVALID,
      desc: expect.stringMatching(
        /^This character card could not be read: PNG chunk tEXt at byte \d+ is damaged \(checksum mismatch\)$/,
      ),
    },
    {
      what: 'a card PNG without a card',
      kind: 'card' as const,
      bytes: png,
      status: STATUS.STUDIO_CARD_INVALID,
      desc: 'This character card could not be read: this PNG carries no character card (no "chara" or "ccv3" text chunk)',
    },
    {
      what: 'text that is not Twee 3',
      kind: 'twee' as const,
      bytes: async () => strToU8('Once upon a time.'),
      status: STATUS.STUDIO_TWEE_INVALID,
      desc: 'This is not a Twee 3 story: text before the first ":: passage" line',
    },
    {
      what: 'JSON that is not compiled ink',
      kind: 'ink_json' as const,
      bytes: async () => strToU8('{"title": "no"}'),
      status: STATUS.STUDIO_IMPORT_UNREADABLE,
      desc: expect.stringMatching(/^This file could not be imported: not compiled ink/),
    },
  ])('$what', async ({ kind, bytes, status, desc }) => {
    const { token } = await signedIn(server);
    const before = await workWithContent(token);
    const res = await uploadImport(server, token, { id: before.id, kind }, await bytes());
    expect({ status: res.status, desc: res.desc }).toEqual({ status, desc });
    await expectUnchanged(token, before);
  });

  it('words the refusal in the reader language', async () => {
    const { token } = await signedIn(server);
    const before = await workWithContent(token);
    const zip = zipSync({ '../evil.ink': strToU8('x') });
    const res = await uploadImport(server, token, { id: before.id, kind: 'ink_zip' }, zip, 'zh_CN');
    expect(res.desc).toBe('此压缩包不安全：包含作品以外的路径或解压后过大: ../evil.ink');
    await expectUnchanged(token, before);
  });

  it('refuses a zip that would overwrite the creator’s files, naming them', async () => {
    const { token } = await signedIn(server);
    const before = await workWithContent(token);
    const zip = zipSync({ 'main.ink': strToU8('Replaced!'), 'other.ink': strToU8('New') });
    const res = await uploadImport(server, token, { id: before.id, kind: 'ink_zip' }, zip);
    expect(res.desc).toBe('This file could not be imported: already in this work: main.ink');
    await expectUnchanged(token, before);
  });

  it('refuses an imported file that would pass the 5 MB of sources (6502)', async () => {
    const { token } = await signedIn(server);
    const before = await workWithContent(token);
    const big = zipSync({
      'a.ink': new Uint8Array(3 * 1024 * 1024).fill(65),
      'b.ink': new Uint8Array(2.5 * 1024 * 1024).fill(66),
    });
    const res = await uploadImport(server, token, { id: before.id, kind: 'ink_zip' }, big);
    expect(res.status).toBe(STATUS.STUDIO_SOURCES_TOO_LARGE);
    await expectUnchanged(token, before);
  });

  it('refuses a visitor (6514) and another creator’s work (6501) before reading the file', async () => {
    const { token } = await signedIn(server);
    const before = await workWithContent(token);
    const visitor = await signedIn(server, 'DF_ID');
    const other = await signedIn(server);
    const card = strToU8(JSON.stringify({ name: 'Intruder' }));
    const asVisitor = await uploadImport(
      server,
      visitor.token,
      { id: before.id, kind: 'card' },
      card,
    );
    expect(asVisitor.status).toBe(STATUS.STUDIO_LOGIN_TO_CREATE);
    const asOther = await uploadImport(server, other.token, { id: before.id, kind: 'card' }, card);
    expect(asOther.status).toBe(STATUS.STUDIO_WORK_NOT_FOUND);
    await expectUnchanged(token, before);
  });
});
