/**
 * Upload items of several files (issue #15 point 1, spec 1 §3 "Upload item"): a DICOM series of two
 * instances (the shared test slides' dicom/openslide-boxes) sent as two tus uploads sharing an item key,
 * as the upload panel sends a dropped folder, and registered as one slide once both are in — or failed
 * together.
 */
import crypto from 'node:crypto';
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_ITEM_FILES, UPLOAD_MESSAGES } from '@tessera/domain';
import {
  DIALECTS,
  SLIDES_DIR,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { tusRequests } from '../../../test/tus.test-helpers.ts';
import { imageChecksum } from '../imaging/checksum.ts';
import { recoverUploads, UPLOAD_ERROR_CODES, uploadsDir } from './uploads.service.ts';
import { expireUploads } from './upload-expiry.ts';

const BOXES = path.join(SLIDES_DIR, 'dicom', 'openslide-boxes');
const NAMES = ['boxes_0.dcm', 'boxes_1.dcm'];

const newItemKey = () => crypto.randomBytes(16).toString('hex');
const idOf = (url: string) => url.split('/').pop()!;
const messageOf = async (answer: Response) => ((await answer.json()) as { message: string }).message;

describe.each(DIALECTS)('upload items of several files [%s]', (dialect) => {
  let t: TestServer & { stop(): Promise<void> };
  let base: string;
  let writer: TestUser;
  let other: TestUser;
  let project: { id: string };
  let files: Buffer[];
  let checksum: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, {}, { listen: true });
    base = t.ctx.config.publicUrl;
    writer = await t.createUser();
    other = await t.createUser();
    project = await t.createProject({
      members: [
        { user: writer, role: 'projectWrite' },
        { user: other, role: 'projectWrite' },
      ],
    });
    files = await Promise.all(NAMES.map((n) => readFile(path.join(BOXES, n))));
    checksum = (await imageChecksum(NAMES.map((n) => path.join(BOXES, n)))).checksum;
  });
  afterAll(() => t.stop());

  const tusAt = () => tusRequests(base);
  const create = (user: TestUser, metadata: Record<string, string>, length: number) =>
    tusAt().create(user.token, metadata, length);
  const patch = (user: TestUser, url: string, offset: number, bytes: Buffer) =>
    tusAt().patch(user.token, url, offset, bytes);
  const head = (user: TestUser, url: string) => tusAt().head(user.token, url);
  const itemMetadata = (itemKey: string, i: number, change: Record<string, string> = {}) => ({
    projectId: project.id,
    fileName: 'openslide-boxes',
    checksum,
    itemKey,
    relativePath: NAMES[i]!,
    fileCount: '2',
    ...change,
  });
  /** Creates file `i` of the item; answers its URL. */
  async function begin(itemKey: string, i: number, user = writer, change: Record<string, string> = {}) {
    const answer = await create(user, itemMetadata(itemKey, i, change), files[i]!.length);
    expect(answer.status, await answer.clone().text()).toBe(201);
    return answer.headers.get('location')!;
  }
  const slidesNamed = (name: string) =>
    t.ctx.db
      .selectFrom('slides')
      .selectAll()
      .where('project_id', '=', project.id)
      .where('name', '=', name)
      .execute();
  const rowsOf = (urls: string[]) =>
    t.ctx.db
      .selectFrom('uploads')
      .select(['state', 'slide_id', 'error_message'])
      .where('id', 'in', urls.map(idOf))
      .execute();

  it('registers the files as one slide once the last is in, and not before', async () => {
    const key = newItemKey();
    // The second file first: the order files arrive in is not the item's.
    const second = await begin(key, 1);
    expect((await patch(writer, second, 0, files[1]!)).status).toBe(204);
    expect(await slidesNamed('openslide-boxes')).toEqual([]);
    // Complete by itself, waiting for the item: tus tells its client so.
    const waiting = await head(writer, second);
    expect(waiting.headers.get('upload-offset')).toBe(String(files[1]!.length));
    const first = await begin(key, 0);
    expect((await patch(writer, first, 0, files[0]!)).status).toBe(204);

    const [slide] = await slidesNamed('openslide-boxes');
    expect(slide).toMatchObject({ checksum, file_name: 'openslide-boxes', file_extension: 'dcm' });
    const image = await t.ctx.db
      .selectFrom('images')
      .select(['storage_paths', 'format'])
      .where('id', '=', slide!.image_id)
      .executeTakeFirstOrThrow();
    const folder = path.join(t.ctx.blobs.workDir, 'slides', checksum);
    expect(JSON.parse(image.storage_paths as unknown as string)).toEqual(
      NAMES.map((n) => path.join(folder, n)),
    );
    expect(await readdir(folder)).toEqual(NAMES);
    const rows = await rowsOf([first, second]);
    expect(rows).toEqual([
      { state: 'registered', slide_id: slide!.id, error_message: null },
      { state: 'registered', slide_id: slide!.id, error_message: null },
    ]);
    // Both files' clients, coming back, hear the upload is complete.
    for (const [i, url] of [first, second].entries())
      expect((await head(writer, url)).headers.get('upload-offset')).toBe(String(files[i]!.length));
    const left = await readdir(uploadsDir(t.ctx));
    expect(left.filter((f) => f.startsWith(idOf(first)) || f.startsWith(idOf(second)))).toEqual([]);
  });

  it('fails every file of an item whose bytes do not match its checksum, keeping nothing', async () => {
    const key = newItemKey();
    const wrong = crypto.createHash('sha256').update('not these').digest('hex');
    const first = await begin(key, 0, writer, { checksum: wrong, fileName: 'wrong-boxes' });
    expect((await patch(writer, first, 0, files[0]!)).status).toBe(204);
    const second = await begin(key, 1, writer, { checksum: wrong, fileName: 'wrong-boxes' });
    const last = await patch(writer, second, 0, files[1]!);
    expect(last.status).toBe(400);
    expect(await last.json()).toEqual({
      code: UPLOAD_ERROR_CODES.checksumMismatch,
      message: UPLOAD_MESSAGES.checksumMismatch,
    });
    expect((await head(writer, first)).status).toBe(410);
    expect((await rowsOf([first, second])).map((r) => r.state)).toEqual(['failed', 'failed']);
    expect(await slidesNamed('wrong-boxes')).toEqual([]);
    const left = await readdir(uploadsDir(t.ctx));
    expect(left.filter((f) => f.startsWith(idOf(first)) || f.startsWith(idOf(second)))).toEqual([]);
    // The item has ended: no file can join it now.
    const late = await create(
      writer,
      itemMetadata(key, 1, { checksum: wrong, fileName: 'wrong-boxes', relativePath: 'x.dcm' }),
      10,
    );
    expect(late.status).toBe(409);
    expect(await messageOf(late)).toBe(UPLOAD_MESSAGES.itemEnded);
  });

  it('refuses files whose place in the item is unsafe or does not agree, recording nothing', async () => {
    const key = newItemKey();
    const refusals: [Record<string, string>, number, string][] = [
      [{ relativePath: '' }, 400, UPLOAD_MESSAGES.itemMetadataMissing],
      [{ fileCount: '' }, 400, UPLOAD_MESSAGES.itemMetadataMissing],
      [{ itemKey: 'short' }, 400, UPLOAD_MESSAGES.invalidItemKey],
      [{ itemKey: key.toUpperCase() }, 400, UPLOAD_MESSAGES.invalidItemKey],
      [{ relativePath: '../boxes_0.dcm' }, 400, UPLOAD_MESSAGES.invalidRelativePath],
      [{ relativePath: '/etc/boxes_0.dcm' }, 400, UPLOAD_MESSAGES.invalidRelativePath],
      [{ relativePath: 'a/./b.dcm' }, 400, UPLOAD_MESSAGES.invalidRelativePath],
      [{ relativePath: 'a\\..\\b.dcm' }, 400, UPLOAD_MESSAGES.invalidRelativePath],
      [{ relativePath: 'a\u0000b.dcm' }, 400, UPLOAD_MESSAGES.invalidRelativePath],
      [{ relativePath: 'a\u001bb.dcm' }, 400, UPLOAD_MESSAGES.invalidRelativePath],
      [{ relativePath: `${'a/'.repeat(600)}b.dcm` }, 400, UPLOAD_MESSAGES.invalidRelativePath],
      [{ fileCount: '1' }, 400, UPLOAD_MESSAGES.invalidFileCount(MAX_UPLOAD_ITEM_FILES)],
      [
        { fileCount: String(MAX_UPLOAD_ITEM_FILES + 1) },
        400,
        UPLOAD_MESSAGES.invalidFileCount(MAX_UPLOAD_ITEM_FILES),
      ],
      [{ fileCount: '2.5' }, 400, UPLOAD_MESSAGES.invalidFileCount(MAX_UPLOAD_ITEM_FILES)],
      [{ fileCount: '-2' }, 400, UPLOAD_MESSAGES.invalidFileCount(MAX_UPLOAD_ITEM_FILES)],
    ];
    for (const [change, status, message] of refusals) {
      const answer = await create(writer, itemMetadata(key, 0, change), 100);
      expect(answer.status, JSON.stringify(change)).toBe(status);
      expect(await messageOf(answer)).toBe(message);
    }
    expect(await t.ctx.db.selectFrom('uploads').select('id').where('item_key', '=', key).execute()).toEqual(
      [],
    );

    await begin(key, 0);
    for (const [change, message] of [
      [{}, UPLOAD_MESSAGES.itemFileExists],
      [{ relativePath: 'c.dcm', checksum: 'a'.repeat(64) }, UPLOAD_MESSAGES.itemDisagrees],
      [{ relativePath: 'c.dcm', fileCount: '3' }, UPLOAD_MESSAGES.itemDisagrees],
      [{ relativePath: 'c.dcm', fileName: 'other' }, UPLOAD_MESSAGES.itemDisagrees],
      [{ relativePath: 'boxes_0.dcm/inner.dcm' }, UPLOAD_MESSAGES.itemPathsNest],
    ] as const) {
      const answer = await create(writer, itemMetadata(key, 0, change), 100);
      expect(answer.status, JSON.stringify(change)).toBe(409);
      expect(await messageOf(answer)).toBe(message);
    }
    await begin(key, 1);
    const third = await create(writer, itemMetadata(key, 0, { relativePath: 'c.dcm' }), 100);
    expect(third.status).toBe(409);
    expect(await messageOf(third)).toBe(UPLOAD_MESSAGES.itemFull);
    // Another user's item of the same key is theirs: keys are per user.
    await begin(key, 0, other);
    expect(
      await t.ctx.db.selectFrom('uploads').select('id').where('item_key', '=', key).execute(),
    ).toHaveLength(3);
  });

  it('registers an item whose every byte arrived before its server was killed; gives up an abandoned one whole', async () => {
    const fileOf = (url: string) => path.join(uploadsDir(t.ctx), idOf(url));
    // Every byte in, not registered (killed in between): recovery registers it, once.
    const key = newItemKey();
    const urls = [await begin(key, 0), await begin(key, 1)];
    for (const [i, url] of urls.entries()) await writeFile(fileOf(url), files[i]!);
    const lines: string[] = [];
    await Promise.all([
      recoverUploads(t.ctx, (l) => lines.push(l)),
      recoverUploads(t.ctx, (l) => lines.push(l)),
    ]);
    expect(lines.filter((l) => l.includes('openslide-boxes'))).toHaveLength(1);
    expect((await rowsOf(urls)).map((r) => r.state)).toEqual(['registered', 'registered']);

    // One file complete, the other never created: both are given up once no byte came for the expiry.
    const expiryMs = t.ctx.config.uploadExpiryMs;
    const later = Date.now() + expiryMs + 60_000;
    const abandoned = newItemKey();
    const done = await begin(abandoned, 0, writer, { fileName: 'abandoned' });
    expect((await patch(writer, done, 0, files[0]!)).status).toBe(204);
    // An item one of whose files had a byte lately stays.
    const lively = newItemKey();
    const old = await begin(lively, 0, writer, { fileName: 'lively' });
    expect((await patch(writer, old, 0, files[0]!)).status).toBe(204);
    const recent = await begin(lively, 1, writer, { fileName: 'lively' });
    expect((await patch(writer, recent, 0, files[1]!.subarray(0, 100))).status).toBe(204);
    const recently = new Date(later - expiryMs / 2);
    await utimes(fileOf(recent), recently, recently);

    // (Items the tests above left unfinished are given up too.)
    expect(await expireUploads(t.ctx, later)).toBeGreaterThanOrEqual(1);
    expect(await expireUploads(t.ctx, later)).toBe(0);
    expect((await rowsOf([done]))[0]).toMatchObject({ state: 'failed' });
    expect((await rowsOf([old, recent])).map((r) => r.state)).toEqual(['receiving', 'receiving']);
    expect(await readdir(uploadsDir(t.ctx))).not.toContain(idOf(done));
    // The same key of two users is two items, each given up.
    const sameKeyRows = await t.ctx.db
      .selectFrom('uploads')
      .select('state')
      .where('user_id', '=', other.id)
      .execute();
    expect(sameKeyRows.map((r) => r.state)).toEqual(['failed']);
  });
});
