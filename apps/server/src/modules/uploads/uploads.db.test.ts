/**
 * Slide uploads over tus (issue #15 point 1) against a listening server: a real tus client
 * (tus-js-client, as the browser runs it) and raw tus requests as curl would send them. The slides are
 * the shared test slides, read from there.
 */
import crypto from 'node:crypto';
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { UPLOAD_MESSAGES } from '@tessera/domain';
import {
  DIALECTS,
  SLIDES_DIR,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../test/harness.ts';
import { tusRequests } from '../../../test/tus.test-helpers.ts';
import { fileChecksum } from '../imaging/checksum.ts';
import { recoverUploads, UPLOAD_ERROR_CODES, uploadsDir } from './uploads.service.ts';
import { expireUploads } from './upload-expiry.ts';

const SVS = path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs');
const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;

describe.each(DIALECTS)('uploads [%s]', (dialect) => {
  let t: TestServer & { stop(): Promise<void> };
  let base: string;
  let writer: TestUser;
  let reader: TestUser;
  let stranger: TestUser;
  let project: { id: string };
  let svs: Buffer;
  let svsChecksum: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, { maxUploadBytes: MAX_UPLOAD_BYTES }, { listen: true });
    base = t.ctx.config.publicUrl;
    writer = await t.createUser();
    reader = await t.createUser();
    stranger = await t.createUser();
    project = await t.createProject({
      members: [
        { user: writer, role: 'projectWrite' },
        { user: reader, role: 'projectRead' },
      ],
    });
    svs = await readFile(SVS);
    svsChecksum = (await fileChecksum(SVS)).checksum;
  });
  afterAll(() => t.stop());

  const tusAt = () => tusRequests(base);
  const create = (user: TestUser | null, metadata: Record<string, string>, length: number | null) =>
    tusAt().create(user?.token ?? null, metadata, length);
  const patch = (user: TestUser, url: string, offset: number, bytes: Buffer) =>
    tusAt().patch(user.token, url, offset, bytes);
  const head = (user: TestUser, url: string) => tusAt().head(user.token, url);
  const slideOf = async (checksum: string) =>
    t.ctx.db
      .selectFrom('slides')
      .selectAll()
      .where('project_id', '=', project.id)
      .where('checksum', '=', checksum)
      .executeTakeFirst();
  const svsMetadata = (fileName = 'CMU-1-Small-Region.svs') => ({
    projectId: project.id,
    fileName,
    checksum: svsChecksum,
  });

  it('says what it speaks to anyone who asks (tus discovery: OPTIONS)', async () => {
    const answer = await fetch(`${base}/v1/uploads`, { method: 'OPTIONS' });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('tus-resumable')).toBe('1.0.0');
    expect(answer.headers.get('tus-version')).toBe('1.0.0');
    expect(answer.headers.get('tus-extension')).toBe('creation,termination,concatenation');
    expect(answer.headers.get('tus-max-size')).toBe(String(MAX_UPLOAD_BYTES));
  });

  it('takes a slide from a tus client and registers it once: image, slide, conversion queued', async () => {
    const url = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(svs, {
        endpoint: `${base}/v1/uploads`,
        headers: { authorization: `Bearer ${writer.token}` },
        metadata: svsMetadata(),
        chunkSize: 700_000,
        onError: reject,
        onSuccess: () => resolve(upload.url!),
      });
      upload.start();
    });
    const slide = await slideOf(svsChecksum);
    expect(slide).toMatchObject({
      file_name: 'CMU-1-Small-Region.svs',
      file_extension: 'svs',
      status: 'available',
    });
    const jobs = await t.ctx.db
      .selectFrom('jobs')
      .select('kind')
      .where('kind', '=', 'convert-image')
      .execute();
    expect(jobs).toHaveLength(1);
    // Nothing of it is left among the uploads in progress; a client resuming it is told it is complete.
    expect(await readdir(uploadsDir(t.ctx))).toEqual([]);
    const again = await head(writer, new URL(url).pathname);
    expect(again.status).toBe(200);
    expect(again.headers.get('upload-offset')).toBe(String(svs.length));
  });

  it('resumes from where the server holds it', async () => {
    const other = await t.createProject({ members: [{ user: writer, role: 'projectWrite' }] });
    const created = await create(writer, { ...svsMetadata(), projectId: other.id }, svs.length);
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    expect((await patch(writer, url, 0, svs.subarray(0, 300_000))).status).toBe(204);
    const resumed = await head(writer, url);
    expect(resumed.headers.get('upload-offset')).toBe('300000');
    // A PATCH at the wrong offset is refused; at the right one it goes on.
    expect((await patch(writer, url, 10, svs.subarray(10))).status).toBe(409);
    expect((await patch(writer, url, 300_000, svs.subarray(300_000))).status).toBe(204);
    const slide = await t.ctx.db
      .selectFrom('slides')
      .select('file_name')
      .where('project_id', '=', other.id)
      .executeTakeFirst();
    expect(slide?.file_name).toBe('CMU-1-Small-Region.svs');
  });

  it('refuses bytes that do not match their checksum, keeping nothing', async () => {
    const wrong = crypto.createHash('sha256').update('another file').digest('hex');
    const created = await create(writer, { ...svsMetadata('wrong.svs'), checksum: wrong }, svs.length);
    const url = created.headers.get('location')!;
    const answer = await patch(writer, url, 0, svs);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({
      code: UPLOAD_ERROR_CODES.checksumMismatch,
      message: UPLOAD_MESSAGES.checksumMismatch,
    });
    expect(await slideOf(wrong)).toBeUndefined();
    expect(await readdir(uploadsDir(t.ctx))).toEqual([]);
    expect((await head(writer, url)).status).toBe(410);
  });

  it('refuses a file that is not a slide, with the reader’s reason', async () => {
    const text = Buffer.from('not a slide at all\n');
    const file = path.join(t.ctx.config.dataDir, 'note.svs');
    await writeFile(file, text);
    const { checksum } = await fileChecksum(file);
    const url = (
      await create(writer, { projectId: project.id, fileName: 'note.svs', checksum }, text.length)
    ).headers.get('location')!;
    const answer = await patch(writer, url, 0, text);
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { code: string }).code).toBe(UPLOAD_ERROR_CODES.notASlide);
    expect(await slideOf(checksum)).toBeUndefined();
  });

  it('refuses bad creations with a clear error and records nothing', async () => {
    const cases: [Record<string, string>, number | null, number, string | null][] = [
      [{ projectId: project.id, fileName: 'a.svs' }, 10, 400, UPLOAD_MESSAGES.metadataMissing],
      [svsMetadata(), 0, 400, UPLOAD_MESSAGES.empty],
      [svsMetadata('../a.svs'), 10, 400, UPLOAD_MESSAGES.invalidFileName],
      [svsMetadata('/etc/passwd'), 10, 400, UPLOAD_MESSAGES.invalidFileName],
      [svsMetadata('a\u0000.svs'), 10, 400, UPLOAD_MESSAGES.invalidFileName],
      [svsMetadata('..'), 10, 400, UPLOAD_MESSAGES.invalidFileName],
      [{ ...svsMetadata(), checksum: 'ABC' }, 10, 400, null],
      [{ ...svsMetadata(), projectId: 'f'.repeat(24) }, 10, 404, null],
      [svsMetadata(), MAX_UPLOAD_BYTES + 1, 413, null],
      // tus's own refusals come as our {code, message} too.
      [svsMetadata(), -5, 400, 'Invalid upload-length'],
    ];
    for (const [metadata, length, status, message] of cases) {
      const answer = await create(writer, metadata, length);
      expect(answer.status, JSON.stringify(metadata)).toBe(status);
      if (message) expect(((await answer.json()) as { message: string }).message).toBe(message);
    }
    expect((await create(null, svsMetadata(), 10)).status).toBe(401);
    expect((await create(reader, svsMetadata(), 10)).status).toBe(403);
    expect((await create(stranger, svsMetadata(), 10)).status).toBe(404);
    const rows = await t.ctx.db.selectFrom('uploads').select('id').where('state', '=', 'receiving').execute();
    expect(rows).toEqual([]);
  });

  it('keeps each upload its creator’s', async () => {
    const url = (await create(writer, svsMetadata('mine.svs'), svs.length)).headers.get('location')!;
    for (const user of [reader, stranger]) {
      expect((await head(user, url)).status).toBe(404);
      expect((await patch(user, url, 0, svs.subarray(0, 10))).status).toBe(404);
    }
    expect((await head(writer, url.replace(/[0-9a-f]{32}$/, 'f'.repeat(32)))).status).toBe(404);
    expect((await head(writer, '/v1/uploads/..%2F..%2Fjwt-secret')).status).toBe(400);
    const cancelled = await fetch(base + url, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${writer.token}` },
    });
    expect(cancelled.status).toBe(204);
    expect((await head(writer, url)).status).toBe(404);
  });

  it('registers an upload whose every byte arrived before its server was killed', async () => {
    const other = await t.createProject({ members: [{ user: writer, role: 'projectWrite' }] });
    const unregistered = async () => {
      const url = (await create(writer, { ...svsMetadata(), projectId: other.id }, svs.length)).headers.get(
        'location',
      )!;
      // The bytes as tus had written them when the process died, before the last PATCH could register them.
      await writeFile(path.join(uploadsDir(t.ctx), url.split('/').pop()!), svs);
      return url;
    };
    // Its client coming back finds it registered.
    const url = await unregistered();
    const answer = await head(writer, url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('upload-offset')).toBe(String(svs.length));
    // Or the next server start registers it; once, however often it is asked.
    const third = await t.createProject({ members: [{ user: writer, role: 'projectWrite' }] });
    const url3 = (await create(writer, { ...svsMetadata(), projectId: third.id }, svs.length)).headers.get(
      'location',
    )!;
    await writeFile(path.join(uploadsDir(t.ctx), url3.split('/').pop()!), svs);
    const lines: string[] = [];
    await Promise.all([
      recoverUploads(t.ctx, (l) => lines.push(l)),
      recoverUploads(t.ctx, (l) => lines.push(l)),
    ]);
    expect(lines).toEqual([
      'Registered the upload of CMU-1-Small-Region.svs left unfinished by a stopped server',
    ]);
    const slides = await t.ctx.db
      .selectFrom('slides')
      .select('id')
      .where('project_id', '=', third.id)
      .execute();
    expect(slides).toHaveLength(1);
  });

  it('gives up an upload no byte came to for the expiry, keeping nothing; a recent or complete one stays', async () => {
    const expiryMs = t.ctx.config.uploadExpiryMs;
    const later = Date.now() + expiryMs + 60_000;
    const other = await t.createProject({ members: [{ user: writer, role: 'projectWrite' }] });
    const begin = async (projectId: string) =>
      (await create(writer, { ...svsMetadata(), projectId }, svs.length)).headers.get('location')!;
    const fileOf = (url: string) => path.join(uploadsDir(t.ctx), url.split('/').pop()!);
    // Abandoned halfway, and abandoned before its first byte.
    const halfway = await begin(project.id);
    expect((await patch(writer, halfway, 0, svs.subarray(0, 1000))).status).toBe(204);
    const unstarted = await begin(project.id);
    // A byte came recently (its file written within the expiry, as seen from `later`).
    const recent = await begin(project.id);
    expect((await patch(writer, recent, 0, svs.subarray(0, 1000))).status).toBe(204);
    const recently = new Date(later - expiryMs / 2);
    await utimes(fileOf(recent), recently, recently);
    // Every byte in, not registered yet (its server was killed): recovery's, never given up.
    const complete = await begin(other.id);
    await writeFile(fileOf(complete), svs);

    const [first, second] = await Promise.all([expireUploads(t.ctx, later), expireUploads(t.ctx, later)]);
    expect(first + second).toBeGreaterThanOrEqual(2);
    expect(await expireUploads(t.ctx, later)).toBe(0);
    const hours = expiryMs / 3_600_000;
    for (const url of [halfway, unstarted]) {
      const answer = await head(writer, url);
      expect(answer.status).toBe(410);
      expect(await answer.json().catch(() => null)).toBeNull(); // HEAD: no body
      const row = await t.ctx.db
        .selectFrom('uploads')
        .select(['state', 'error_message'])
        .where('id', '=', url.split('/').pop()!)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'failed', error_message: UPLOAD_MESSAGES.expired(hours) });
    }
    const left = await readdir(uploadsDir(t.ctx));
    for (const url of [halfway, unstarted]) {
      const id = url.split('/').pop()!;
      expect(left.filter((f) => f.startsWith(id))).toEqual([]);
    }
    // The client resuming the abandoned one is told why (PATCH answers with a body).
    const resumed = await patch(writer, halfway, 1000, svs.subarray(1000, 2000));
    expect(resumed.status).toBe(410);
    expect(await resumed.json()).toEqual({
      code: UPLOAD_ERROR_CODES.failed,
      message: UPLOAD_MESSAGES.expired(hours),
    });
    expect((await head(writer, recent)).headers.get('upload-offset')).toBe('1000');
    expect((await head(writer, complete)).headers.get('upload-offset')).toBe(String(svs.length));
  });
});
