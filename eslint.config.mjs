import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The arrows point one way (DESIGN.md): pages and server actions reach data only through the tRPC
  // procedures (server/api/server-caller.ts); pure domain code imports no I/O; services know nothing of
  // HTTP, tRPC or the job runner.
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'emails/**/*.{ts,tsx}'],
    ignores: ['app/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@/db', '@/db/*'], message: 'Pages reach data through the procedures (serverApi()), not the database.' },
        { group: ['@/server/services/*', '@/server/rate-limit', '@/server/rate-limit/*', '@/server/jobs', '@/server/jobs/*'], message: 'Pages call procedures (serverApi()), not services.' },
      ] }],
    },
  },
  {
    files: ['server/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@/db', '@/db/*', '@/server/*', '!@/server/domain', '!@/server/domain/*'], message: 'Domain code is pure: no database, services or HTTP.' },
      ] }],
    },
  },
  {
    files: ['server/services/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['@/server/api', '@/server/api/*', 'next', 'next/*', '@trpc/*'], message: 'Services know nothing of HTTP, tRPC or Next.' },
      ], paths: [
        { name: '@/server/jobs', message: 'Not the jobs barrel (it imports the functions, which import services): use server/jobs/send-job-event.' },
        { name: '@react-pdf/renderer', importNames: ['renderToBuffer', 'renderToStream', 'renderToFile', 'renderToString'], message: 'Render documents with renderPdf (server/pdf/render-pdf): it readies the fonts first.' },
      ] }],
    },
  },
  // No string a reader sees outside the message catalogues (messages/<locale>/<area>.json): JSX text must come
  // from a translator. Punctuation, symbols and format names are allowed. The developer mailbox (app/dev) is not
  // for readers; tests render fixtures.
  {
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    ignores: ['app/dev/**', '**/*.test.tsx'],
    rules: {
      'react/jsx-no-literals': ['error', {
        noStrings: false,
        allowedStrings: ['·', '—', '–', '/', '×', '%', '€', ':', ',', '.', '…', '(', ')', '+', '−', '-', '|', '*', '→', '←', 'PDF', 'CSV', 'Property Billing'],
      }],
    },
  },
  globalIgnores(['.next/**', 'node_modules/**', '.data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'e2e/artifacts/**', 'bench/out/**']),
]);
