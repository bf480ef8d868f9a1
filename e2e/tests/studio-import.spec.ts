import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { expect, test } from '../support/device';
import { PICTURE } from '../support/layout';
import { newAccount, openStudio, signInToStudio } from '../support/studio';

// The studio's "Import & export" tab against the real routes: a Twine story and a character card
// PNG come in (with what could not be converted listed per passage), and the ink sources and a
// V3 card go out as downloads.

const fixture = (path: string) =>
  fileURLToPath(new URL(`../../apps/server/test/fixtures/${path}`, import.meta.url));

/** A zip's entries by name, read from its central directory (stored or deflated entries). */
function unzip(bytes: Buffer) {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries: Record<string, string> = {};
  let at = bytes.readUInt32LE(end + 16);
  for (let n = bytes.readUInt16LE(end + 10); n > 0; n--) {
    const method = bytes.readUInt16LE(at + 10);
    const size = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    const local = bytes.readUInt32LE(at + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + size);
    entries[name] = (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** A PNG's chunks in order: a tEXt chunk as `tEXt:keyword` (after an 8-byte signature, each
 * chunk is length, type, data, CRC). Cards ride in tEXt chunks keyed `ccv3` and `chara`. */
function pngChunks(bytes: Buffer) {
  const chunks: string[] = [];
  for (let at = 8; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    chunks.push(type === 'tEXt' ? `tEXt:${data.toString('latin1', 0, data.indexOf(0))}` : type);
    at += 12 + length;
  }
  return chunks;
}

test('a creator imports a Twine story and a character card, then exports sources and a card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/For_You');
  const creator = await newAccount(page, 'Importer');
  await openStudio(page);
  await signInToStudio(page, creator);
  await page.getByLabel('Title', { exact: true }).fill('Imported Tales');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Imported Tales', level: 1 })).toBeVisible();

  await page.getByRole('link', { name: 'Import & export', exact: true }).click();
  const importer = page.getByRole('region', { name: 'Import' });
  await importer
    .getByLabel('Choose a file')
    .setInputFiles(fixture('twee/sugarcube_lockandkey_variable.twee'));
  const report = importer.getByRole('status');
  await expect(report).toContainText('Imported.');
  // The one macro the converter does not know is listed with the passage it sat in.
  await expect(report.getByRole('listitem')).toHaveCount(1);
  await expect(report.getByRole('listitem')).toContainText('Back Room');
  await expect(report.getByRole('listitem')).toContainText('<<linkreplace "Pick up the key">>');

  await importer.getByLabel('Choose a file').setInputFiles(fixture('cards/Skynet_v2.png'));
  await expect(report).toContainText('Imported.');
  await expect(report.getByRole('listitem')).toHaveCount(0);
  await page.screenshot({
    path: 'test-results/studio-import-1280.jpg',
    fullPage: true,
    ...PICTURE,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/studio-import-390.jpg', fullPage: true, ...PICTURE });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The work now holds the converted chapter and the card's character.
  await page.getByRole('link', { name: 'Chapters', exact: true }).click();
  await expect(page.locator('li.chapter')).toHaveCount(1);
  await expect(page.locator('li.chapter').getByLabel('Chapter title (English)')).toHaveValue(
    'Lock and Key: Variable in SugarCube',
  );
  await page.getByRole('link', { name: 'Characters', exact: true }).click();
  await expect(page.locator('details.character')).toHaveCount(1);
  await expect(page.locator('details.character')).toContainText('Skynet');
  // The new character's form is open; without uploads, each of the twelve expressions is drawn from the card character's face.
  await expect(page.locator('details.character svg.drawn-portrait')).toHaveCount(12);
  await expect(page.getByRole('img', { name: 'Laugh, drawn from the face colours' })).toBeVisible();
  await page.screenshot({
    path: 'test-results/studio-portraits-390.jpg',
    fullPage: true,
    ...PICTURE,
  });

  // Export: the sources zip holds the ink file, the card PNG carries a V3 (ccv3) chunk.
  await page.getByRole('link', { name: 'Import & export', exact: true }).click();
  const exporter = page.getByRole('region', { name: 'Export' });
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    exporter.getByRole('button', { name: 'Ink sources (.zip)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const entries = unzip(readFileSync(await zip.path()));
  expect(Object.keys(entries)).toEqual(['sugarcube_lockandkey_variable.ink']);
  expect(entries['sugarcube_lockandkey_variable.ink']).toContain(
    'You found the key and went through the door!',
  );

  // The card as JSON (a V3 card), then as a PNG that carries it.
  const skynet = exporter.getByRole('listitem').filter({ hasText: 'Skynet' });
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    skynet.getByRole('button', { name: 'Card (.json)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const exported = JSON.parse(readFileSync(await json.path(), 'utf8'));
  expect(exported).toMatchObject({ spec: 'chara_card_v3', data: { name: 'Skynet' } });
  await expect(exporter.getByText('Could not reach Taleforge')).toHaveCount(0);

  const [card] = await Promise.all([
    page.waitForEvent('download'),
    skynet.getByRole('button', { name: 'Card (.png)' }).click(),
  ]);
  expect(card.suggestedFilename()).toMatch(/\.png$/);
  const chunks = pngChunks(readFileSync(await card.path()));
  expect(chunks[0]).toBe('IHDR');
  expect(chunks).toContain('tEXt:ccv3');
  expect(chunks.at(-1)).toBe('IEND');
});
