/**
 * `npx tessera <command>`: one program, several roles (DESIGN §2).
 *   serve                      API + built web app + in-process job worker (cli/serve.ts)
 *   worker [--concurrency N]   job worker only (more of them scale out; DESIGN §11)
 *   migrate                    run pending database migrations and exit
 *   seed-demo                  create the demo users and project (once)
 *   maintenance on|off         switch maintenance mode on a running installation
 *   manual-version <version>   require users to confirm this user-manual version ('' to stop asking)
 *   openapi                    print the OpenAPI document
 *   user create <email> [--role R]… [--require-mfa] [--password P]   create a user (cli/create-user.ts)
 *   import <DIR> --project <NAME>   register every slide of a folder into a project (cli/import.ts)
 */
import { loadConfig } from '../config.ts';
import { compose } from '../compose.ts';
import { seedDemo } from './seed-demo.ts';
import { serve, WORKER_STOP_TIMEOUT_MS } from './serve.ts';
import { createUser, parseCreateUserArgs } from './create-user.ts';
import { renderOpenApi } from '../http/openapi.ts';
import { parseImportArgs, runImport } from './import.ts';
import { createJobWorker } from '../jobs/worker.ts';

const USAGE =
  'Usage: tessera serve | worker [--concurrency N] | migrate | seed-demo | maintenance on|off | manual-version <version> | openapi | user create <email> [--role R]… [--require-mfa] [--password P] | import <DIR> --project <NAME>';

/** `[--concurrency N]`: undefined for the default, null when malformed. */
function parseConcurrency(args: string[]): number | undefined | null {
  if (args.length === 0) return undefined;
  if (args.length !== 2 || args[0] !== '--concurrency' || !/^[1-9][0-9]{0,2}$/.test(args[1] ?? ''))
    return null;
  return Number(args[1]);
}

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  switch (command) {
    case 'serve': {
      await serve(config, log);
      return -1; // keep running
    }
    case 'worker': {
      const concurrency = parseConcurrency(argv.slice(1));
      if (concurrency === null) break;
      const composed = await compose(config, { log });
      const worker = createJobWorker({
        db: composed.ctx.db,
        dialect: composed.ctx.dialect,
        blobs: composed.ctx.blobs,
        concurrency,
      });
      const shutdown = async () => {
        await worker.stop({ timeoutMs: WORKER_STOP_TIMEOUT_MS });
        await composed.close();
        process.exit(0);
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
      worker.start();
      log(
        `Tessera worker ${worker.id} is running (database: ${composed.ctx.dialect}; files: ${composed.ctx.blobs.location})`,
      );
      return -1; // keep running
    }
    case 'migrate': {
      const composed = await compose(config, { log });
      log('Database is migrated.');
      await composed.close();
      return 0;
    }
    case 'seed-demo': {
      const composed = await compose(config, { log });
      await seedDemo(composed.ctx, log);
      await composed.close();
      return 0;
    }
    case 'maintenance': {
      if (arg !== 'on' && arg !== 'off') break;
      const composed = await compose(config, { log });
      await composed.ctx.settings.set('maintenance', arg);
      log(`Maintenance is ${arg}. Running servers notice within 2 seconds.`);
      await composed.close();
      return 0;
    }
    case 'manual-version': {
      if (arg === undefined) break;
      const composed = await compose(config, { log });
      await composed.ctx.settings.set('manualVersion', arg);
      log(
        arg
          ? `Users must now confirm user manual ${arg}.`
          : 'Users are no longer asked to confirm the user manual.',
      );
      await composed.close();
      return 0;
    }
    case 'user': {
      if (arg !== 'create') break;
      const args = parseCreateUserArgs(argv.slice(2));
      if (typeof args === 'string') {
        console.error(args);
        return 2;
      }
      const composed = await compose(config, { log });
      try {
        const { userId, password } = await createUser(composed.ctx, args);
        log(`created ${args.email} ${userId}`);
        log(
          args.password
            ? 'The user signs in with the given password.'
            : `Temporary password: ${password} (to be changed at the first sign-in)`,
        );
        if (args.requireMfa) log('The first sign-in sets up an authenticator app.');
      } finally {
        await composed.close();
      }
      return 0;
    }
    case 'import': {
      const args = parseImportArgs(argv.slice(1));
      if (typeof args === 'string') {
        console.error(args);
        return 2;
      }
      // Migration and other start-up lines go to stderr: stdout carries only the import's own lines.
      const composed = await compose(config, { log: (line) => console.error(line) });
      try {
        return await runImport(composed.ctx, args, { out: log, err: process.stderr });
      } finally {
        await composed.close();
      }
    }
    case 'openapi': {
      process.stdout.write(await renderOpenApi());
      return 0;
    }
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
