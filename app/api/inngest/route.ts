import type { NextRequest } from 'next/server';
import { serve } from 'inngest/next';
import { requestIdFrom } from '@/server/api/http';
import { capBody } from '@/server/api/route-handler';
import { useInngestCloud } from '@/server/env';
import { functions, inngest } from '@/server/jobs';

// Inngest calls this to sync and to run steps (signed with INNGEST_SIGNING_KEY).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handler = serve({ client: inngest, functions });

// Our events carry ids only; the limit leaves room for the step results Inngest sends back.
const INNGEST_BODY_LIMIT = 10 * 1024 * 1024;

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

export const POST = capBody(INNGEST_BODY_LIMIT, async (req) => (useInngestCloud ? handler.POST(req, undefined) : closed(req)));

export const PUT = capBody(INNGEST_BODY_LIMIT, async (req) => (useInngestCloud ? handler.PUT(req, undefined) : closed(req)));
