import { parseArgs } from 'node:util';
import { closeDb, getDb, migrateDatabase } from '@/db/client';
import { env } from '@/server/env';
import { seedDemoIfEmpty, formatDemoLogins } from '@/server/seed/seed-demo';
import { ServiceError, ValidationError } from '@/server/services/errors';
import { createTenant } from '@/server/services/tenants/create-tenant';

const USAGE = `Usage:
  npm run cli -- tenant:create --name "<name>" --email <email> --password <password>
  npm run db:migrate
  npm run db:seed`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'db:migrate':
      await migrateDatabase();
      console.error('Migrations applied.');
      return 0;
    case 'db:seed': {
      await migrateDatabase();
      const logins = await seedDemoIfEmpty({ db: getDb() });
      console.error(logins ? formatDemoLogins(logins, env.APP_URL) : 'The database already has data; nothing seeded.');
      return 0;
    }
    case 'tenant:create': {
      const { values } = parseArgs({
        args: rest,
        options: { name: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
        strict: true,
      });
      if (!values.name || !values.email || !values.password) {
        console.error(USAGE);
        return 2;
      }
      await migrateDatabase();
      const result = await createTenant({
        db: getDb(),
        now: new Date(),
        input: { name: values.name, email: values.email, password: values.password },
      });
      console.log(JSON.stringify(result));
      return 0;
    }
    default:
      console.error(USAGE);
      return 2;
  }
}

main(process.argv.slice(2))
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    if (err instanceof ValidationError) console.error(`Invalid input: ${err.message}`);
    else if (err instanceof ServiceError || (err instanceof Error && err.name === 'ZodError')) console.error(err.message);
    else console.error(err instanceof Error ? err.message : err);
    await closeDb().catch(() => {});
    process.exit(1);
  });
