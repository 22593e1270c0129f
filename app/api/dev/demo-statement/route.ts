import { restRoute } from '@/server/api/route-handler';
import { demoToolsEnabled } from '@/server/env';
import { NotFoundError } from '@/server/services/errors';
import { makeDemoStatement } from '@/server/services/bank-statements/make-demo-statement';

export const dynamic = 'force-dynamic';

/** GET /api/dev/demo-statement — a camt.053 of today's transfers to the tenant's open invoices, to try the import with (a demo deployment only: outside production or with SEED_DEMO=true). */
export const GET = restRoute<Record<string, never>>(['admin', 'manager'], async (_req, ctx) => {
  if (!demoToolsEnabled) throw new NotFoundError('Not found');
  const { filename, xml } = await makeDemoStatement({ ctx: ctx.svc });
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  });
});
