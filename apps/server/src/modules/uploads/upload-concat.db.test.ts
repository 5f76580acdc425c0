/**
 * Parts in parallel (tus concatenation; issue #15 point 1, spec 1 §9 "Upload parts in parallel: 4"): the
 * web's tus client sending a slide as four partial uploads and a final one, and the bad requests around
 * them, as curl would send them.
 */
import { readdir, readFile } from 'node:fs/promises';
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
import { UPLOAD_ERROR_CODES, uploadsDir } from './uploads.service.ts';
import { expireUploads } from './upload-expiry.ts';

const SVS = path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs');
const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
const idOf = (url: string) => url.split('/').pop()!;
const bodyOf = async (answer: Response) => (await answer.json()) as { code: string; message: string };

describe.each(DIALECTS)('uploads in parallel parts [%s]', (dialect) => {
  let t: TestServer & { stop(): Promise<void> };
  let base: string;
  let writer: TestUser;
  let stranger: TestUser;
  let project: { id: string };
  let other: { id: string };
  let svs: Buffer;
  let checksum: string;

  beforeAll(async () => {
    t = await startTestServer(dialect, { maxUploadBytes: MAX_UPLOAD_BYTES }, { listen: true });
    base = t.ctx.config.publicUrl;
    writer = await t.createUser();
    stranger = await t.createUser();
    project = await t.createProject({ members: [{ user: writer, role: 'projectWrite' }] });
    other = await t.createProject({
      members: [
        { user: writer, role: 'projectWrite' },
        { user: stranger, role: 'projectWrite' },
      ],
    });
    svs = await readFile(SVS);
    checksum = (await fileChecksum(SVS)).checksum;
  });
  afterAll(() => t.stop());

  const metadata = (projectId: string, fileName = 'CMU-1-Small-Region.svs') => ({
    projectId,
    fileName,
    checksum,
  });
  /** A partial upload of `bytes`, sent whole; answers its URL. */
  async function part(user: TestUser, projectId: string, bytes: Buffer, send = true): Promise<string> {
    const tusAt = tusRequests(base);
    const created = await tusAt.create(user.token, metadata(projectId), bytes.length, {
      'upload-concat': 'partial',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(created.headers.get('upload-concat')).toBe('partial');
    const url = created.headers.get('location')!;
    if (send) expect((await tusAt.patch(user.token, url, 0, bytes)).status).toBe(204);
    return url;
  }
  const final = (user: TestUser, projectId: string, urls: string[], headers: Record<string, string> = {}) =>
    tusRequests(base).create(user.token, metadata(projectId), null, {
      'upload-concat': `final;${urls.join(' ')}`,
      ...headers,
    });
  const slidesOf = (projectId: string) =>
    t.ctx.db.selectFrom('slides').select('file_name').where('project_id', '=', projectId).execute();

  it('says it speaks concatenation', async () => {
    const answer = await fetch(`${base}/v1/uploads`, { method: 'OPTIONS' });
    expect(answer.headers.get('tus-extension')).toBe('creation,termination,concatenation');
  });

  it('takes a slide from the tus client in four parallel parts, joined in order and registered once', async () => {
    const creations: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(svs, {
        onBeforeRequest: (req) => {
          if (req.getMethod() === 'POST') creations.push(req.getHeader('Upload-Concat')!.split(';')[0]!);
        },
        endpoint: `${base}/v1/uploads`,
        headers: { authorization: `Bearer ${writer.token}` },
        metadata: metadata(project.id),
        metadataForPartialUploads: metadata(project.id),
        parallelUploads: 4,
        chunkSize: 200_000,
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    expect(creations.sort()).toEqual(['final', 'partial', 'partial', 'partial', 'partial']);
    expect(await slidesOf(project.id)).toEqual([{ file_name: 'CMU-1-Small-Region.svs' }]);
    const rows = await t.ctx.db.selectFrom('uploads').select(['state', 'is_partial', 'size']).execute();
    // The parts are gone: the final upload holds their bytes.
    expect(rows).toEqual([{ state: 'registered', is_partial: 0, size: svs.length }]);
    expect(await readdir(uploadsDir(t.ctx))).toEqual([]);
  });

  it('checks the joined bytes: parts named out of order fail the upload, keeping nothing', async () => {
    const half = Math.floor(svs.length / 2);
    const first = await part(writer, other.id, svs.subarray(0, half));
    const second = await part(writer, other.id, svs.subarray(half));
    const answer = await final(writer, other.id, [second, first]);
    expect(answer.status).toBe(400);
    expect(await bodyOf(answer)).toEqual({
      code: UPLOAD_ERROR_CODES.checksumMismatch,
      message: UPLOAD_MESSAGES.checksumMismatch,
    });
    expect(await slidesOf(other.id)).toEqual([]);
    expect(await readdir(uploadsDir(t.ctx))).toEqual([]);
  });

  it('refuses finals naming parts it must not join, and keeps the parts for a right one', async () => {
    const half = Math.floor(svs.length / 2);
    const first = await part(writer, other.id, svs.subarray(0, half));
    const unsent = await part(writer, other.id, svs.subarray(half), false);
    const strangers = await part(stranger, other.id, svs.subarray(half));
    const elsewhere = await part(writer, project.id, svs.subarray(half));
    const whole = await tusRequests(base).create(writer.token, metadata(other.id), svs.length);
    const refusals: [string[], Record<string, string>, number, string][] = [
      [[first, unsent], {}, 409, UPLOAD_MESSAGES.partIncomplete],
      [[first, strangers], {}, 404, UPLOAD_MESSAGES.notFound],
      [[first, whole.headers.get('location')!], {}, 404, UPLOAD_MESSAGES.notFound],
      [[first, elsewhere], {}, 400, UPLOAD_MESSAGES.partsElsewhere],
      [[first, first], {}, 400, UPLOAD_MESSAGES.invalidConcat],
      [[first, '/v1/uploads/../../etc'], {}, 400, UPLOAD_MESSAGES.invalidConcat],
      [[], {}, 400, UPLOAD_MESSAGES.invalidConcat],
      [Array.from({ length: 17 }, () => first), {}, 400, UPLOAD_MESSAGES.invalidConcat],
      [[first, unsent], { 'upload-length': '10' }, 400, UPLOAD_MESSAGES.finalLength],
      [[first, unsent], { 'upload-concat': 'final' }, 400, UPLOAD_MESSAGES.invalidConcat],
      [[first, unsent], { 'upload-concat': 'partial;x' }, 400, UPLOAD_MESSAGES.invalidConcat],
    ];
    for (const [urls, headers, status, message] of refusals) {
      const answer = await final(writer, other.id, urls, headers);
      expect(answer.status, `${urls.join(' ')} ${JSON.stringify(headers)}`).toBe(status);
      expect((await bodyOf(answer)).message).toBe(message);
    }
    // A partial upload is checked as any: its project, the caller's permission, the size limit.
    const tusAt = tusRequests(base);
    const refusedParts: [TestUser, Record<string, string>, number, number][] = [
      [stranger, metadata(project.id), 10, 404],
      [writer, { projectId: other.id }, 10, 400],
      [writer, metadata(other.id), MAX_UPLOAD_BYTES + 1, 413],
      [writer, metadata(other.id), 0, 400],
    ];
    for (const [user, meta, length, status] of refusedParts)
      expect((await tusAt.create(user.token, meta, length, { 'upload-concat': 'partial' })).status).toBe(
        status,
      );

    expect((await tusAt.patch(writer.token, unsent, 0, svs.subarray(half))).status).toBe(204);
    // Two finals at once naming the same parts: one joins them, the other is refused.
    const answers = await Promise.all([
      final(writer, other.id, [first, unsent]),
      final(writer, other.id, [first, unsent]),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, expect.any(Number)]);
    expect([404, 409]).toContain(answers.map((a) => a.status).sort()[1]);
    expect(await slidesOf(other.id)).toEqual([{ file_name: 'CMU-1-Small-Region.svs' }]);
    const joined = answers.find((a) => a.status === 201)!;
    const head = await tusAt.head(writer.token, joined.headers.get('location')!);
    expect(head.headers.get('upload-offset')).toBe(String(svs.length));
  });

  it('gives up a part no final upload came for, even when complete', async () => {
    const lonely = await part(writer, other.id, svs.subarray(0, 1000));
    const later = Date.now() + t.ctx.config.uploadExpiryMs + 60_000;
    expect(await expireUploads(t.ctx, later)).toBeGreaterThanOrEqual(1);
    const row = await t.ctx.db
      .selectFrom('uploads')
      .select('state')
      .where('id', '=', idOf(lonely))
      .executeTakeFirst();
    expect(row?.state).toBe('failed');
    expect(await readdir(uploadsDir(t.ctx))).not.toContain(idOf(lonely));
  });
});
