import { inArray } from 'drizzle-orm';
import { getDb, migrateDatabase } from '@/db/client';
import { users } from '@/db/schema';
import { env, isProduction, useInngestCloud } from '@/server/env';
import { startEmbeddedJobs } from '@/server/jobs';
import { logger } from '@/server/logger';
import { DEMO_PASSWORD, formatDemoLogins, seedDemoIfEmpty } from '@/server/seed/seed-demo';
import { beginStartup } from '@/server/startup-state';

function seedingWanted(): boolean {
  if (env.SEED_DEMO) return env.SEED_DEMO === 'true';
  return !isProduction;
}

/** Runs once per process, whoever asks first (the others wait for the same run): migrations, the demo seed, in-process jobs. */
export function startServer(): Promise<void> {
  return beginStartup(start);
}

async function start(): Promise<void> {
  await migrateDatabase();
  const db = getDb();
  if (seedingWanted()) {
    const seeded = await seedDemoIfEmpty({ db });
    if (seeded) {
      console.log(formatDemoLogins(seeded, env.APP_URL));
    } else {
      const demo = await db.select({ email: users.email }).from(users).where(inArray(users.email, ['admin@demo.test', 'manager@demo.test', 'resident1@demo.test']));
      if (demo.length > 0) {
        console.log(formatDemoLogins(demo.map((u) => ({ role: u.email.split('@')[0]!.replace(/\d+$/, ''), email: u.email, password: DEMO_PASSWORD })), env.APP_URL));
      }
    }
  }
  if (!useInngestCloud) startEmbeddedJobs();
  // The meter-photo models (about 300 MB resident) load on the first photo read (server/ocr/local-provider.ts),
  // not here: most processes never read a photo, and the first read waits a few seconds once.
  logger.info('server started', { database: env.DATABASE_URL ? 'postgres' : 'pglite', jobs: useInngestCloud ? 'inngest' : 'embedded' });
}
