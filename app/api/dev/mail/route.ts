import { requestIdFrom } from '@/server/api/http';
import { isDevMailboxEnabled } from '@/server/mail/dev-mailbox';
import { listMailbox } from '@/server/mail/mailbox';

// The local mailbox as JSON (tests and e2e read the magic links and invitations from here).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request): Promise<Response> {
  const headers = { 'X-Request-Id': requestIdFrom(req.headers), 'Cache-Control': 'no-store' };
  if (!isDevMailboxEnabled()) {
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404, headers });
  }
  const to = new URL(req.url).searchParams.get('to') ?? undefined;
  return Response.json({ data: await listMailbox({ to }) }, { headers });
}
