import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, observeQueries } from '@/db/client';
import { bearerFor, makeTenant, residentsBuilding, serviceContext } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { summarizeToDo } from './summarize-to-do';

/** The statement with its parameters written in as literals, as a custom plan sees them (test-only: values are quoted). */
function withValues(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => `'${String(params[Number(i) - 1]).replace(/'/g, "''")}'`);
}

describe('summarizeToDo', () => {
  it('counts the readings waiting for review through the index of waiting readings, not all the readings', async () => {
    const t = await makeTenant();
    const { building, mine } = await residentsBuilding(t, 'Lepa 7');
    const manager = restClient(await bearerFor(t.tenantId, t.manager));
    const resident = restClient(await bearerFor(t.tenantId, t.resident));
    const meter = (await manager('POST', '/meters', { buildingId: building.id, apartmentId: mine.id, type: 'cold_water', serialNumber: 'CW-L7' })).body.data;
    const sent = await resident('POST', `/meters/${meter.id}/readings`, { value: 12 });
    expect(sent.body.data.status).toBe('submitted');

    const statements: Array<{ text: string; params: unknown[] }> = [];
    const stop = observeQueries((text, params) => statements.push({ text, params }));
    let toDo;
    try {
      toDo = await summarizeToDo({ ctx: serviceContext(t.tenantId, t.manager) });
    } finally {
      stop();
    }
    expect(toDo.readingsToReview).toBe(1);

    const counting = statements.find((s) => /from "meter_readings"/.test(s.text) && /count\(/.test(s.text));
    expect(counting).toBeDefined();
    // With sequential scans priced out (the test's table is tiny), the plan shows which index can answer the count. The
    // values are written in, as in the custom plan every execution gets (plan_cache_mode = force_custom_plan,
    // db/client.ts): a generic plan (`status = $2`) could not use a partial index.
    const plan = await getDb().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const answer = await tx.execute(sql.raw(`explain ${withValues(counting!.text, counting!.params)}`));
      const rows = (Array.isArray(answer) ? answer : (answer as { rows: unknown[] }).rows) as Array<Record<string, string>>;
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('meter_readings_waiting_idx');
  });
});
