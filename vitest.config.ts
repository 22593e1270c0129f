import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname);
const shared = {
  resolve: { alias: { '@': root } },
  test: {
    environment: 'node' as const,
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', '.next/**', 'e2e/**', '.data/**'],
    setupFiles: ['test/setup-db.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};

// The whole suite runs on embedded PGlite (Postgres 18) and, when DATABASE_URL is set as in CI,
// again on the real Postgres server: SQL that works on one engine may fail on the other.
// `*.postgres.test.ts` take a Postgres server away and bring it back (server/api/database-outage.postgres.test.ts):
// they run on Postgres only.
// Every test file's embedded job driver may run any tenant's webhook deliveries (the runs live in the shared
// database), and the tests' receivers listen on loopback: every worker must be allowed to send there.
const testEnv = { WEBHOOK_ALLOW_PRIVATE: 'true' };
const projects = [
  {
    ...shared,
    test: { ...shared.test, name: 'pglite', exclude: [...shared.test.exclude, '**/*.postgres.test.ts'], env: { ...testEnv, DATABASE_URL: '', PGLITE_DATA_DIR: 'memory://' } },
  },
];
if (process.env.DATABASE_URL) {
  projects.push({ ...shared, test: { ...shared.test, name: 'postgres', env: { ...testEnv, DATABASE_URL: process.env.DATABASE_URL, PGLITE_DATA_DIR: '' } } });
}

export default defineConfig({
  ...shared,
  test: { projects },
});
