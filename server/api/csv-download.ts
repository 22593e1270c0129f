import type { z } from 'zod';
import type { ServiceContext } from '../services/context';
import { inputError } from './errors';
import { restRoute } from './route-handler';

/**
 * A CSV file streamed from an async generator of text chunks. The first chunk is awaited before the answer
 * starts, so a refusal (403, 404) is still an error answer and not a broken download.
 */
export async function csvDownload(chunks: AsyncGenerator<string>, filename: string): Promise<Response> {
  const first = await chunks.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!first.done) controller.enqueue(encoder.encode(first.value));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'private, no-store' },
  });
}

/**
 * GET <list>/export for managers: the list's query (and path parameters, such as a building's `id`) read with
 * its own zod schema (else 422, as the list answers), the rows streamed as `<name>-<today>.csv`.
 */
export function csvExportRoute<I>(query: z.ZodType<I>, exportRows: (args: { ctx: ServiceContext; input: I }) => AsyncGenerator<string>, name: string) {
  return restRoute<Record<string, string>>(['admin', 'manager'], async (req, ctx, params) => {
    const parsed = query.safeParse({ ...Object.fromEntries(new URL(req.url).searchParams), ...params });
    if (!parsed.success) throw inputError(parsed.error);
    return csvDownload(exportRows({ ctx: ctx.svc, input: parsed.data }), `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
  });
}
