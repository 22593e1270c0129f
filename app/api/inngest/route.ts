import type { NextRequest } from 'next/server';
import { serve } from 'inngest/next';
import { requestIdFrom } from '@/server/api/http';
import { useInngestCloud } from '@/server/env';
import { functions, inngest } from '@/server/jobs';

// Inngest calls this to sync and to run steps (signed with INNGEST_SIGNING_KEY).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handler = serve({ client: inngest, functions });

/**
 * Without Inngest keys the functions run in-process and the client is in dev mode, which skips
 * signature checks: served publicly, anyone could run a function with any payload. So the route is closed.
 */
function closed(req: NextRequest): Response {
  return Response.json(
    { error: { code: 'NOT_FOUND', message: 'Not found' } },
    { status: 404, headers: { 'X-Request-Id': requestIdFrom(req.headers) } },
  );
}

export async function GET(req: NextRequest): Promise<Response> {
  return useInngestCloud ? handler.GET(req, undefined) : closed(req);
}

export async function POST(req: NextRequest): Promise<Response> {
  return useInngestCloud ? handler.POST(req, undefined) : closed(req);
}

export async function PUT(req: NextRequest): Promise<Response> {
  return useInngestCloud ? handler.PUT(req, undefined) : closed(req);
}
