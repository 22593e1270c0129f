import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { logger } from '@/server/logger';
import { ServiceUnavailableError } from '@/server/services/errors';
import { APP_VERSION } from '@/server/version';

export type Health = { status: 'ok'; db: 'ok'; version: string };

/** Answers only when the database answers; a failure is logged and reported as 503. */
export async function checkHealth({ db }: { db: Db }): Promise<Health> {
  try {
    await db.execute(sql`select 1`);
  } catch (err) {
    logger.error('health check: database unreachable', { err });
    throw new ServiceUnavailableError('Database unreachable');
  }
  return { status: 'ok', db: 'ok', version: APP_VERSION };
}
