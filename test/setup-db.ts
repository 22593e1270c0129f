import { afterAll, beforeAll } from 'vitest';
import { closeDb, migrateDatabase } from '@/db/client';
// The list of job functions, as the server composes it at start: events sent in tests find their functions.
import '@/server/jobs';

// Each test file gets its own connection; on PGlite also its own in-memory database.
beforeAll(async () => {
  await migrateDatabase();
});

afterAll(async () => {
  await closeDb();
});
