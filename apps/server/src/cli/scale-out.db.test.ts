/**
 * Scale-out (issue #15 point 6), as docs/operations.md tells an operator to run it: two `tessera serve`
 * processes and one `tessera worker`, each with a data folder of its own as on separate machines, sharing
 * one PostgreSQL and one S3-compatible store (s3rver). A slide uploaded through one server is converted
 * by the worker and its converted tiles are served by the other, read from the store by byte range.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { createPostgresTestDatabase, SLIDES_DIR } from '../../test/harness.ts';
import { freePort, until } from '../../test/processes.test-helpers.ts';
import { startTestS3, type TestS3 } from '../../test/s3.test-helpers.ts';
import { compose, type Composed } from '../compose.ts';
import { loadConfig } from '../config.ts';
import { newId } from '../lib/ids.ts';
import { fileChecksum } from '../modules/imaging/checksum.ts';
import { insertProjectWithOwner } from '../modules/projects/projects.queries.ts';
import { insertUser } from '../modules/users/users.queries.ts';
import { nowIso } from '../db/dialect.ts';

const CLI = path.resolve(import.meta.dirname, '../../../../bin/tessera.js');
const SVS = path.join(SLIDES_DIR, 'CMU-1-Small-Region.svs');

let database: { url: string; drop(): Promise<void> };
let s3: TestS3;
let root: string;
let env: Record<string, string>;
const processes: { child: ChildProcess; output: string }[] = [];
/** The test's own connection to the shared database (the user, the project, the slide's id). */
let setup: Composed;

/** Starts `tessera <command>` with a data folder of its own; answers its port for `serve`. */
async function start(command: 'serve' | 'worker', name: string): Promise<number> {
  const port = await freePort();
  const entry = { child: null as unknown as ChildProcess, output: '' };
  entry.child = spawn(process.execPath, [CLI, command], {
    env: { ...process.env, ...env, PORT: String(port), TESSERA_DATA_DIR: path.join(root, name) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  entry.child.stdout!.on('data', (b: Buffer) => (entry.output += b.toString()));
  entry.child.stderr!.on('data', (b: Buffer) => (entry.output += b.toString()));
  processes.push(entry);
  const ready = command === 'serve' ? 'is serving on' : 'is running';
  await until(`${name} to start`, () => (entry.output.includes(ready) ? true : undefined), 60_000);
  return port;
}

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  s3 = await startTestS3('tessera-scale');
  root = await mkdtemp(path.join(os.tmpdir(), 'tessera-scale-'));
  env = {
    DATABASE_URL: database.url,
    TESSERA_JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    TESSERA_DEMO: 'false',
    TESSERA_EMBEDDED_WORKER: 'false',
    TESSERA_SERVE_PROCESSES: '1',
    TESSERA_LOG_LEVEL: 'info',
    TESSERA_S3_BUCKET: s3.config.bucket,
    TESSERA_S3_ENDPOINT: s3.config.endpoint!,
    TESSERA_S3_ACCESS_KEY_ID: s3.config.credentials!.accessKeyId,
    TESSERA_S3_SECRET_ACCESS_KEY: s3.config.credentials!.secretAccessKey,
  };
}, 60_000);

afterAll(async () => {
  for (const { child } of processes) if (child.exitCode === null) child.kill('SIGKILL');
  await setup?.close();
  await s3?.stop();
  await database?.drop();
  await rm(root, { recursive: true, force: true });
});

it('uploads through one server, converts on a worker and tiles the converted slide through the other', async () => {
  const [portA, portB] = [await start('serve', 'server-a'), await start('serve', 'server-b')];
  await start('worker', 'worker');

  // A user and a project, written to the shared database as an administrator's tools would.
  setup = await compose(loadConfig({ ...env, TESSERA_DATA_DIR: path.join(root, 'setup') }), {
    log: () => {},
  });
  const projectId = newId();
  const userId = await insertUser(setup.ctx.db, {
    email: 'scale@tessera.test',
    passwordHash: null,
    systemRoles: ['internalUser'],
    isSsoUser: false,
  });
  await insertProjectWithOwner(
    setup.ctx.db,
    { id: projectId, name: 'Scale-out', nameKey: 'scale-out', summary: '', now: nowIso() },
    { userId, role: 'projectDataOwner' },
  );
  const authorization = `Bearer ${(await setup.tokens.startSession(userId, false)).accessToken}`;

  const { checksum } = await fileChecksum(SVS);
  const bytes = await readFile(SVS);
  await new Promise<void>((resolve, reject) => {
    new tus.Upload(bytes, {
      endpoint: `http://127.0.0.1:${portA}/v1/uploads`,
      headers: { authorization },
      metadata: { projectId, fileName: 'CMU-1-Small-Region.svs', checksum },
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
  const { id: slideId } = await setup.ctx.db
    .selectFrom('slides')
    .select('id')
    .where('project_id', '=', projectId)
    .where('checksum', '=', checksum)
    .executeTakeFirstOrThrow();
  const atB = (url: string) =>
    fetch(`http://127.0.0.1:${portB}/v1/projects/${projectId}${url}`, { headers: { authorization } });

  const converted = await until(
    'the worker to convert the slide',
    async () => {
      const answer = await atB(`/slides/${slideId}/tile-converted/rgb/noeq/4/3/4`);
      return answer.status === 200 ? Buffer.from(await answer.arrayBuffer()) : undefined;
    },
    120_000,
  );
  expect(converted.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8])); // a JPEG tile

  // Server B read the pyramid from the store by range: its data folder holds no copy of any file.
  const heldByB = await readdir(path.join(root, 'server-b'), { recursive: true });
  expect(heldByB.filter((f) => f.endsWith('.svs') || f.endsWith('.ome.tif'))).toEqual([]);
  // The upload's files and the pyramid are in the bucket.
  const bucket = await readdir(s3.directory, { recursive: true });
  expect(bucket.some((f) => f.includes(`slides/${checksum}/CMU-1-Small-Region.svs`))).toBe(true);
  expect(bucket.some((f) => f.includes(`optimized/${checksum}.ome.tif`))).toBe(true);
}, 240_000);
