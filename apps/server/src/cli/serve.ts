/**
 * `tessera serve`: the API and the built web app, in one process or in several sharing the port
 * (TESSERA_SERVE_PROCESSES, node:cluster). A Node process serves requests on one core; a tile burst
 * from a viewer is CPU-bound in HTTP and authentication, so a machine with N cores serves about N× the
 * tiles with N processes (measured: `npm run bench -- tiles`).
 *
 * With several processes the primary migrates, seeds the demo, queues the conversions never queued
 * (images.service enqueuePendingConversions), runs the embedded job worker and replaces a serving
 * process that dies; the serving processes are stateless (DESIGN §11) apart from
 * caches (the sign-in rate limits are counted in the database, shared by all).
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';
import { compose, type Composed } from '../compose.ts';
import { buildApp } from '../http/app.ts';
import { createJobWorker, type JobWorker } from '../jobs/worker.ts';
import { expireUploads, UPLOAD_EXPIRY_CHECK_MS } from '../modules/uploads/upload-expiry.ts';
import { recoverUploads } from '../modules/uploads/uploads.service.ts';
import { enqueuePendingConversions } from '../modules/imaging/images.service.ts';
import { seedDemo } from './seed-demo.ts';

/** Running handlers get this long to finish at shutdown; then their jobs go back to the queue. */
export const WORKER_STOP_TIMEOUT_MS = 25_000;
/** A serving process that dies is replaced, but not faster than this (a crash at start would spin). */
const RESPAWN_DELAY_MS = 1000;

type Log = (line: string) => void;

export async function serve(config: Config, log: Log): Promise<void> {
  if (cluster.isWorker) return serveHttp(config, log, { runsJobs: false });
  const composed = await compose(config, { log });
  if (config.isDemoSeeded) await seedDemo(composed.ctx, log);
  // Images registered before registration queued their conversion; here, where only one process runs.
  const queued = await enqueuePendingConversions(composed.ctx);
  if (queued > 0) log(`Queued the conversion of ${queued} image(s) registered earlier.`);
  // Uploads a killed server left complete but unregistered; in the background: serving need not wait.
  recoverUploads(composed.ctx, log).catch((error: unknown) =>
    log(`Unfinished uploads could not be looked at: ${String(error)}`),
  );
  expireUploadsNowAndHourly(composed, log);
  if (config.serveProcesses === 1)
    return serveHttp(config, log, { runsJobs: config.hasEmbeddedWorker, composed });
  superviseServers(config, log, composed);
}

/** Gives up abandoned uploads (uploads.service expireUploads) at start and then every hour, here alone. */
function expireUploadsNowAndHourly({ ctx }: Composed, log: Log): void {
  const expire = () =>
    expireUploads(ctx).then(
      (count) => count > 0 && log(`Gave up ${count} upload(s) no byte came to for too long`),
      (error: unknown) => log(`Abandoned uploads could not be looked at: ${String(error)}`),
    );
  void expire();
  setInterval(() => void expire(), UPLOAD_EXPIRY_CHECK_MS).unref();
}

/** This process answers HTTP (and runs jobs when it is the only process). */
async function serveHttp(
  config: Config,
  log: Log,
  opts: { runsJobs: boolean; composed?: Composed },
): Promise<void> {
  const composed = opts.composed ?? (await compose(config, { log: () => undefined }));
  const app = await buildApp(composed.ctx, { logger: { level: config.logLevel } });
  const worker = opts.runsJobs ? startJobs(composed) : null;
  onShutdown(async () => {
    await app.close();
    await worker?.stop({ timeoutMs: WORKER_STOP_TIMEOUT_MS });
    await composed.close();
  });
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary)
    log(
      `Tessera is serving on ${config.publicUrl} (database: ${composed.ctx.dialect}; files: ${composed.ctx.blobs.location})`,
    );
}

function startJobs(composed: Composed): JobWorker {
  const worker = createJobWorker({
    db: composed.ctx.db,
    dialect: composed.ctx.dialect,
    blobs: composed.ctx.blobs,
    queue: composed.ctx.jobs,
  });
  worker.start();
  return worker;
}

/** The primary of several serving processes: forks them, replaces those that die, stops them on a signal. */
function superviseServers(config: Config, log: Log, composed: Composed): void {
  let isStopping = false;
  const worker = config.hasEmbeddedWorker ? startJobs(composed) : null;
  const stopAll = async () => {
    isStopping = true;
    const children = Object.values(cluster.workers ?? {}).filter(
      (c): c is Worker => c !== undefined && !c.isDead(),
    );
    await Promise.all([
      ...children.map(
        (c) =>
          new Promise<void>((resolve) => {
            c.once('exit', () => resolve());
            c.process.kill('SIGTERM');
          }),
      ),
      worker?.stop({ timeoutMs: WORKER_STOP_TIMEOUT_MS }),
    ]);
    await composed.close();
  };
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === config.serveProcesses)
      log(
        `Tessera is serving on ${config.publicUrl} (database: ${composed.ctx.dialect}, ${config.serveProcesses} processes; files: ${composed.ctx.blobs.location})`,
      );
  });
  cluster.on('exit', (_child, code, signal) => {
    if (isStopping) return;
    const how = signal ?? `exit code ${code}`;
    if (listening === 0) {
      // None has ever served (the port is taken, the configuration is wrong): replacing it would loop.
      log(`A serving process could not start (${how}); stopping.`);
      void stopAll().then(() => process.exit(1));
      return;
    }
    log(`A serving process stopped (${how}); starting another.`);
    setTimeout(() => !isStopping && cluster.fork(), RESPAWN_DELAY_MS);
  });
  for (let i = 0; i < config.serveProcesses; i++) cluster.fork();
  onShutdown(stopAll);
}

function onShutdown(stop: () => Promise<void>): void {
  const shutdown = async () => {
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
