/**
 * `npx tessera <command>`: one program, several roles (DESIGN §2).
 *   serve                      API + built web app (+ in-process workers as they arrive)
 *   migrate                    run pending database migrations and exit
 *   seed-demo                  create the demo users and project (once)
 *   maintenance on|off         switch maintenance mode on a running installation
 *   manual-version <version>   require users to confirm this user-manual version ('' to stop asking)
 *   openapi                    print the OpenAPI document
 *   user create <email> [--role R]… [--require-mfa] [--password P]   create a user (cli/create-user.ts)
 */
import { loadConfig } from '../config.ts';
import { compose } from '../compose.ts';
import { buildApp } from '../http/app.ts';
import { seedDemo } from './seed-demo.ts';
import { createUser, parseCreateUserArgs } from './create-user.ts';
import { renderOpenApi } from '../http/openapi.ts';

const USAGE =
  'Usage: tessera serve | migrate | seed-demo | maintenance on|off | manual-version <version> | openapi | user create <email> [--role R]… [--require-mfa] [--password P]';

async function main(argv: string[]): Promise<number> {
  const [command, arg] = argv;
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  switch (command) {
    case 'serve': {
      const composed = await compose(config, { log });
      await seedDemo(composed.ctx, log);
      const app = await buildApp(composed.ctx, { logger: { level: config.logLevel } });
      const shutdown = async () => {
        await app.close();
        await composed.close();
        process.exit(0);
      };
      process.once('SIGINT', shutdown);
      process.once('SIGTERM', shutdown);
      await app.listen({ port: config.port, host: config.host });
      log(`Tessera is serving on ${config.publicUrl} (database: ${composed.ctx.dialect})`);
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
      log(arg ? `Users must now confirm user manual ${arg}.` : 'Users are no longer asked to confirm the user manual.');
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
        log(args.password ? 'The user signs in with the given password.' : `Temporary password: ${password} (to be changed at the first sign-in)`);
        if (args.requireMfa) log('The first sign-in sets up an authenticator app.');
      } finally {
        await composed.close();
      }
      return 0;
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
