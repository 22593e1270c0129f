import { csvDownload } from '@/server/api/csv-download';
import { inputError } from '@/server/api/errors';
import { restRoute } from '@/server/api/route-handler';
import { ReadingsExportQuery } from '@/server/api/routers/meters/readings-export';
import { exportReadings } from '@/server/services/readings/export-readings';

export const dynamic = 'force-dynamic';

/** GET /api/readings/export?buildingId=…&from=…&to=…&status=… — a building's meter readings as a CSV download. */
export const GET = restRoute<Record<string, never>>(['admin', 'manager'], async (req, ctx) => {
  const parsed = ReadingsExportQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) throw inputError(parsed.error);
  return csvDownload(exportReadings({ ctx: ctx.svc, input: parsed.data }), `readings-${new Date().toISOString().slice(0, 10)}.csv`);
});
