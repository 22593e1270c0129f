import { migrateDatabase } from '@/db/client';
import { startEmbeddedJobs } from '@/server/jobs';

/*
 * A separate process working the embedded job queue, as the server does after start: tests kill it with
 * SIGKILL in the middle of a run and start another (server/jobs/crash-resume.postgres.test.ts). A short
 * lease lets the next process take a dead one's run over in seconds instead of minutes.
 */
await migrateDatabase();
startEmbeddedJobs({ lockMs: Number(process.env.JOB_LOCK_MS ?? 3000), pollMs: 200 });
process.stdout.write('worker ready\n');
