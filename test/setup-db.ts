import { afterAll, beforeAll } from 'vitest';
import { closeDb, migrateDatabase } from '@/db/client';

// Each test file gets its own connection; on PGlite also its own in-memory database.
beforeAll(async () => {
  await migrateDatabase();
});

afterAll(async () => {
  await closeDb();
});
