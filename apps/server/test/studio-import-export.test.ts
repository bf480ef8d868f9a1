import { CALLS, STATUS } from '@taleforge/contracts';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/http.js';
import { signedIn } from './support/profiles.js';
import { readWork } from './support/public-ink.js';
import { startTestServer, type TestServer } from './support/server.js';
import { createWork } from './support/studio.js';
import { download, fixture, uploadImport } from './support/studio-import.js';

// The raw exports: files, not envelopes (refusals still are envelopes), and what they give back
// imports as the same story text and the same character.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function sourcesOf(token: string, id: number) {
  const work = (await api(server, CALLS.studioWork, { token, query: { id } })).data!;
  const files: Record<string, string> = {};
  for (const { path } of work.files)
    files[path] = (await api(server, CALLS.studioFile, { token, query: { id, path } }))
      .data!.source;
  return { work, files };
}

describe('exporting a work', () => {
  it('gives its ink sources as a zip that imports as the same story text', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token, 'Misc Ink');
    const original = readWork('inkjs/misc/include.ink');
    const zip = zipSync(
      Object.fromEntries(Object.entries(original.files).map(([p, s]) => [p, strToU8(s)])),
    );
    await uploadImport(server, token, { id: work.id, kind: 'ink_zip' }, zip);

    const res = await download(server, token, { id: work.id, what: 'sources' });
    expect(res.http).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Misc_Ink.zip"');

    const copy = await createWork(server, token, 'Copy');
    const again = await uploadImport(server, token, { id: copy.id, kind: 'ink_zip' }, res.bytes);
    expect(again.status, again.desc).toBe(200);
    const [first, second] = [await sourcesOf(token, work.id), await sourcesOf(token, copy.id)];
    expect(second.files).toEqual(first.files);
    expect(second.work.chapters).toEqual(first.work.chapters);
  });

  it('gives each character as a V3 card, JSON and PNG, that imports as the same character', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const imported = await uploadImport(
      server,
      token,
      { id: work.id, kind: 'card' },
      fixture('cards/Skynet_v2.png'),
    );
    const skynet = imported.data!.work.characters[0]!;

    const json = await download(server, token, {
      id: work.id,
      what: 'card_json',
      character: 'skynet',
    });
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="skynet.json"');
    expect(JSON.parse(Buffer.from(json.bytes).toString('utf8'))).toMatchObject({
      spec: 'chara_card_v3',
      data: { name: 'Skynet', first_mes: 'How can I help you today User.' },
    });
    const png = await download(server, token, {
      id: work.id,
      what: 'card_png',
      character: 'skynet',
    });
    expect(png.headers.get('content-type')).toBe('image/png');

    for (const bytes of [json.bytes, png.bytes]) {
      const other = await createWork(server, token);
      const back = await uploadImport(server, token, { id: other.id, kind: 'card' }, bytes);
      expect(back.data!.work.characters).toEqual([skynet]);
    }
  });

  it('refuses with envelopes: a missing character, another’s work, a visitor, no token', async () => {
    const { token } = await signedIn(server);
    const work = await createWork(server, token);
    const missing = await download(server, token, {
      id: work.id,
      what: 'card_json',
      character: 'nobody',
    });
    expect(missing.envelope).toEqual({
      status: STATUS.STUDIO_FILE_NOT_FOUND,
      desc: 'File not found: nobody',
      data: null,
    });
    const other = await signedIn(server);
    expect(
      (await download(server, other.token, { id: work.id, what: 'sources' })).envelope?.status,
    ).toBe(STATUS.STUDIO_WORK_NOT_FOUND);
    const visitor = await signedIn(server, 'DF_ID');
    expect(
      (await download(server, visitor.token, { id: work.id, what: 'sources' })).envelope?.status,
    ).toBe(STATUS.STUDIO_LOGIN_TO_CREATE);
    expect((await download(server, '', { id: work.id, what: 'sources' })).envelope?.status).toBe(
      STATUS.NO_TOKEN,
    );
  });
});
