import { handleTestbank } from '@/server/banklink/testbank';

// The built-in test bank (server/banklink/testbank.ts): outside production, or with TESTBANK=true.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(req: Request): Promise<Response> {
  return handleTestbank(req);
}
