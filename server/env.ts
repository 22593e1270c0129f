import { z } from 'zod';

// Every variable has a safe local default or is required only in production.
const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().optional().transform((v) => v || undefined),
  PGLITE_DATA_DIR: z.string().default('.data/pglite'),
  AUTH_SECRET: z.string().optional().transform((v) => v || undefined),
  APP_URL: z.string().url().default('http://localhost:3000'),
  RESEND_API_KEY: z.string().optional().transform((v) => v || undefined),
  RESEND_BASE_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Property Billing <billing@localhost>'),
  DEV_MAILBOX: flag,
  INNGEST_EVENT_KEY: z.string().optional().transform((v) => v || undefined),
  INNGEST_SIGNING_KEY: z.string().optional().transform((v) => v || undefined),
  RATE_LIMIT_AUTH: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_API: z.coerce.number().int().positive().default(600),
  // Refused banklink callbacks (a bad signature, an unknown payment) per client address and minute.
  RATE_LIMIT_BANKLINK_CALLBACK: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: flag,
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // Meter-photo OCR: the offline models by default; `vision` sends photos to an OpenAI-compatible API.
  OCR_PROVIDER: z.enum(['local', 'vision']).default('local'),
  OCR_API_URL: z.union([z.literal(''), z.url()]).optional().transform((v) => v || undefined),
  OCR_API_KEY: z.string().optional().transform((v) => v || undefined),
  OCR_MODEL: z.string().optional().transform((v) => v || undefined),
  // The built-in test bank also in production (outside production it is always there). The real banks'
  // BANKLINK_<BANK>_* variables are read by server/banklink/providers.ts.
  TESTBANK: flag,
  // Worker threads `npm start` renders invoice PDFs on (server/pdf/pdf-threads.ts); 0 renders them on the server's
  // own thread. Unset: one per core but one.
  PDF_THREADS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(16).optional()),
}).superRefine((e, ctx) => {
  if (e.OCR_PROVIDER !== 'vision') return;
  for (const key of ['OCR_API_URL', 'OCR_API_KEY', 'OCR_MODEL'] as const) {
    if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when OCR_PROVIDER=vision' });
  }
});

export type Env = z.infer<typeof EnvSchema>;

function loadEnv(): Env {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${lines}`);
  }
  return parsed.data;
}

export const env = loadEnv();

export const isProduction = env.NODE_ENV === 'production';
/** Inngest cloud (or a self-hosted Inngest server) is used only when both keys are configured. */
export const useInngestCloud = Boolean(env.INNGEST_EVENT_KEY && env.INNGEST_SIGNING_KEY);
/** A demo deployment (outside production, or seeded with the demo data): the demo's sample files are offered. */
export const demoToolsEnabled = !isProduction || env.SEED_DEMO === 'true';
