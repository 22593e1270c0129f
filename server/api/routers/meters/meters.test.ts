import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, buildings, events, meterReadings } from '@/db/schema';
import { reviewReadings } from '@/server/services/readings/review-readings';
import { submitReading } from '@/server/services/readings/submit-reading';
import { createMeter } from '@/server/services/meters/create-meter';
import { ValidationError } from '@/server/services/errors';
import { storeUpload } from '@/server/services/uploads/store-upload';
import { createApiContext } from '@/server/api/context';
import { createCaller } from '@/server/api/root';
import { restClient } from '@/test/rest-client';
import { POST as trpcRoute } from '@/app/api/trpc/[trpc]/route';
import { bearerFor, makeTenant, residentsBuilding, serviceContext, type TestTenant, TINY_PNG } from '@/test/factories';

const api = restClient;

/** The tRPC API as the tenant's manager (the readings queue is a UI procedure, not REST). */
async function caller(t: TestTenant) {
  return createCaller(await createApiContext({ headers: new Headers({ authorization: await bearerFor(t.tenantId, t.manager) }), requestId: `test-${crypto.randomUUID()}` }));
}

async function setup(t: TestTenant) {
  const { building: b, mine, other } = await residentsBuilding(t, 'Kase 2');
  const manager = api(await bearerFor(t.tenantId, t.manager));
  const resident = api(await bearerFor(t.tenantId, t.resident));
  const myMeter = (await manager('POST', '/meters', { buildingId: b.id, apartmentId: mine.id, type: 'cold_water', serialNumber: 'CW-1' })).body.data;
  const otherMeter = (await manager('POST', '/meters', { buildingId: b.id, apartmentId: other.id, type: 'cold_water', serialNumber: 'CW-2' })).body.data;
  return { buildingId: b.id, mine: mine.id, manager, resident, myMeter, otherMeter };
}

describe('meters', () => {
  it('creates with a unit from the type, lists by building (required) and scopes residents to their apartments', async () => {
    const t = await makeTenant();
    const { buildingId, manager, resident, myMeter } = await setup(t);
    expect(myMeter).toMatchObject({ type: 'cold_water', unit: 'm3', decimals: 3, series: 1, lastReading: null });
    const heat = await manager('POST', '/meters', { buildingId, type: 'heating', serialNumber: 'HT-1' });
    expect(heat.body.data).toMatchObject({ apartmentId: null, unit: 'MWh' });
    expect((await manager('GET', '/meters')).status).toBe(400);
    expect((await manager('GET', `/meters?buildingId=${buildingId}`)).body.data).toHaveLength(3);
    expect((await resident('GET', `/meters?buildingId=${buildingId}`)).body.data.map((m: { id: string }) => m.id)).toEqual([myMeter.id]);
    expect((await resident('POST', '/meters', { buildingId, type: 'gas', serialNumber: 'G' })).status).toBe(403);
    expect((await manager('POST', '/meters', { buildingId, type: 'gas', serialNumber: ' ' })).status).toBe(422);
    const other = await makeTenant();
    expect((await api(await bearerFor(other.tenantId, other.manager))('DELETE', `/meters/${myMeter.id}`)).status).toBe(404);
    expect((await manager('DELETE', `/meters/${heat.body.data.id}`)).status).toBe(204);
  });

  it('pages through a building\'s meters with a cursor, common meters first', async () => {
    const t = await makeTenant();
    const { buildingId, manager } = await setup(t);
    for (const serialNumber of ['H-2', 'H-1']) await manager('POST', '/meters', { buildingId, type: 'heating', serialNumber });
    const seen: Array<{ id: string; apartmentId: string | null; serialNumber: string }> = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { data: typeof seen; nextCursor: string | null } } = await manager('GET', `/meters?buildingId=${buildingId}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(1);
      seen.push(...res.body.data);
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((m) => m.id)).size).toBe(4);
    expect(seen.slice(0, 2).map((m) => [m.apartmentId, m.serialNumber])).toEqual([[null, 'H-1'], [null, 'H-2']]);
    expect((await manager('GET', `/meters?buildingId=${buildingId}&limit=0`)).status).toBe(422);
  });

  it('a PATCH without changes answers the meter; a meter with confirmed readings cannot be deleted (409), one with only pending ones can', async () => {
    const t = await makeTenant();
    const { manager, myMeter, otherMeter } = await setup(t);
    const same = await manager('PATCH', `/meters/${myMeter.id}`, {});
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ id: myMeter.id, series: 1, serialNumber: 'CW-1' });
    expect((await manager('PATCH', `/meters/${myMeter.id}`, { replaced: false })).body.data.series).toBe(1);

    const r = await manager('POST', `/meters/${myMeter.id}/readings`, { value: 5 });
    await manager('POST', '/readings/review', { readingIds: [r.body.data.id], status: 'confirmed' });
    const refused = await manager('DELETE', `/meters/${myMeter.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('1 confirmed reading');
    expect((await manager('GET', `/meters/${myMeter.id}/readings`)).body.data).toHaveLength(1);

    await manager('POST', `/meters/${otherMeter.id}/readings`, { value: 5 });
    expect((await manager('DELETE', `/meters/${otherMeter.id}`)).status).toBe(204);
    expect((await manager('GET', `/meters/${otherMeter.id}/readings`)).status).toBe(404);
  });

  it('needs both days of a reading window, also when a PATCH gives one', async () => {
    const t = await makeTenant();
    const { buildingId, manager } = await setup(t);
    const half = await manager('PATCH', `/buildings/${buildingId}`, { readingWindowStartDay: 20 });
    expect(half.status).toBe(422);
    expect(half.body.errors).toEqual([{ path: 'readingWindowEndDay', message: 'set both days of the reading window, or neither' }]);
    expect((await manager('PATCH', `/buildings/${buildingId}`, { readingWindowStartDay: 20, readingWindowEndDay: 25 })).status).toBe(200);
    const moved = await manager('PATCH', `/buildings/${buildingId}`, { readingWindowEndDay: 27 });
    expect(moved.body.data).toMatchObject({ readingWindowStartDay: 20, readingWindowEndDay: 27 });
    expect((await manager('PATCH', `/buildings/${buildingId}`, { readingWindowStartDay: null })).status).toBe(422);
    expect((await manager('PATCH', `/buildings/${buildingId}`, { readingWindowStartDay: null, readingWindowEndDay: null })).body.data).toMatchObject({ readingWindowStartDay: null, readingWindowEndDay: null });
  });
});

describe('readings', () => {
  it('a resident submits for an own meter; the manager confirms; consumption follows the confirmed values', async () => {
    const t = await makeTenant();
    const { manager, resident, myMeter, otherMeter } = await setup(t);
    const first = await resident('POST', `/meters/${myMeter.id}/readings`, { value: 100.5, readAt: '2026-09-25T08:00:00.000Z' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'submitted', value: 100.5, consumption: null, source: 'manual', submittedBy: t.resident.userId });
    expect((await resident('POST', `/meters/${otherMeter.id}/readings`, { value: 1 })).status).toBe(404);
    expect((await resident('PATCH', `/meters/${myMeter.id}/readings/${first.body.data.id}`, { status: 'confirmed' })).status).toBe(403);

    const confirmed = await manager('PATCH', `/meters/${myMeter.id}/readings/${first.body.data.id}`, { status: 'confirmed' });
    expect(confirmed.body.data).toMatchObject({ status: 'confirmed', confirmedBy: t.manager.userId });

    expect((await manager('PATCH', `/meters/${myMeter.id}/readings/${first.body.data.id}`, { status: 'rejected' })).status).toBe(422);

    const low = await resident('POST', `/meters/${myMeter.id}/readings`, { value: 99 });
    expect(low.status).toBe(422);
    // REST answers {path, message} only; the web app's tRPC call also gets the code it words the reason with.
    expect(low.body.errors).toEqual([{ path: 'value', message: expect.stringMatching(/^is below the last confirmed reading \(100\.5 m3/) }]);
    const viaWebApp = async (input: unknown) => {
      const req = new Request('http://localhost/api/trpc/meters.submitReading', { method: 'POST', headers: { authorization: await bearerFor(t.tenantId, t.resident), 'content-type': 'application/json' }, body: JSON.stringify(input) });
      return ((await trpcRoute(req)).json() as Promise<{ error: { data: { code: string; errors: unknown[] } } }>).then((b) => b.error.data);
    };
    expect(await viaWebApp({ id: myMeter.id, value: 99 })).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', errors: [{ path: 'value', code: 'belowLastReading', params: { value: 100.5, unit: 'm3' } }] });
    expect(await viaWebApp({ id: myMeter.id, value: -1 })).toMatchObject({ errors: [{ path: 'value', message: 'must not be negative', code: 'too_small', params: { origin: 'number', minimum: 0 } }] });
    expect(await viaWebApp({ id: myMeter.id, value: 1e12 })).toMatchObject({ errors: [{ path: 'value', code: 'too_big', params: { origin: 'number', maximum: 1e11, inclusive: false } }] });
    expect((await resident('POST', `/meters/${myMeter.id}/readings`, { value: 101.2345 })).status).toBe(422); // 4 decimals on a 3-decimal meter

    const second = await resident('POST', `/meters/${myMeter.id}/readings`, { value: 104.25, readAt: '2026-10-25T08:00:00.000Z' });
    expect(second.body.data.consumption).toBe(3.75);
    const history = await resident('GET', `/meters/${myMeter.id}/readings`);
    expect(history.body.data.map((r: { value: number }) => r.value)).toEqual([104.25, 100.5]);

    const types = (await getDb().select().from(events).where(eq(events.tenantId, t.tenantId))).map((e) => e.type).sort();
    expect(types).toEqual(['reading.confirmed', 'reading.submitted', 'reading.submitted']);
    expect((await manager('GET', `/meters?buildingId=${myMeter.buildingId}`)).body.data.find((m: { id: string }) => m.id === myMeter.id).lastReading.value).toBe(100.5);

    // Through an API key the reading is recorded as confirmed by the person who created the key.
    const key = (await manager('POST', '/api-keys', { name: 'ERP' })).body.data.key as string;
    const byKey = await api(`Bearer ${key}`)('PATCH', `/meters/${myMeter.id}/readings/${second.body.data.id}`, { status: 'confirmed' });
    expect(byKey).toMatchObject({ status: 200, body: { data: { status: 'confirmed', confirmedBy: t.manager.userId } } });
  });

  it('a replaced meter starts a new series where a lower value is fine', async () => {
    const t = await makeTenant();
    const { manager, myMeter } = await setup(t);
    const r = await manager('POST', `/meters/${myMeter.id}/readings`, { value: 500 });
    await manager('POST', '/readings/review', { readingIds: [r.body.data.id], status: 'confirmed' });
    expect((await manager('POST', `/meters/${myMeter.id}/readings`, { value: 3 })).status).toBe(422);
    const listed = async () => (await manager('GET', `/meters?buildingId=${myMeter.buildingId}`)).body.data.find((m: { id: string }) => m.id === myMeter.id);
    expect((await listed()).lastReading.value).toBe(500);
    const replaced = await manager('PATCH', `/meters/${myMeter.id}`, { replaced: true });
    expect(replaced.body.data).toMatchObject({ series: 2, lastReading: null });
    expect(await listed()).toMatchObject({ series: 2, lastReading: null });
    // The audit shows the meter before the replacement with its last reading of the old series.
    const [audit] = await getDb().select().from(auditLog).where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.action, 'meter.replace')));
    expect(audit).toMatchObject({ entityId: myMeter.id, before: { series: 1, lastReading: { value: 500 } }, after: { series: 2, lastReading: null } });
    const fresh = await manager('POST', `/meters/${myMeter.id}/readings`, { value: 3 });
    expect(fresh.status).toBe(201);
    expect(fresh.body.data.consumption).toBeNull();
  });

  it('bulk review is all or none, and flags consumption over three times the average', async () => {
    const t = await makeTenant();
    const { manager, myMeter } = await setup(t);
    const values = [10, 12, 14, 16, 30];
    const ids: string[] = [];
    for (const [i, value] of values.entries()) {
      ids.push((await manager('POST', `/meters/${myMeter.id}/readings`, { value, readAt: new Date(Date.UTC(2026, i, 20)).toISOString() })).body.data.id);
    }
    const confirmed = await manager('POST', '/readings/review', { readingIds: ids.slice(0, 4), status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.map((r: { consumption: number | null }) => r.consumption)).toEqual([null, 2, 2, 2]);
    const again = await manager('POST', '/readings/review', { readingIds: [ids[4], ids[0]], status: 'rejected' });
    expect(again.status).toBe(422);
    const [last] = await reviewReadings({ ctx: serviceContext(t.tenantId, t.manager), input: { readingIds: [ids[4]!], status: 'confirmed' } });
    expect(last).toMatchObject({ consumption: 14, flag: expect.stringContaining('3 times') });
    // The list shows the latest of several confirmed readings.
    const meter = (await manager('GET', `/meters?buildingId=${myMeter.buildingId}`)).body.data.find((m: { id: string }) => m.id === myMeter.id);
    expect(meter.lastReading).toEqual({ value: 30, readAt: new Date(Date.UTC(2026, 4, 20)).toISOString() });
  });

  it('property: confirmed consumptions add up to the last value minus the first', async () => {
    const t = await makeTenant();
    const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'P', address: 'P' }).returning();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 1, maxLength: 8 }), async (steps) => {
        const ctx = serviceContext(t.tenantId, t.manager);
        const meter = await createMeter({ ctx, input: { buildingId: b!.id, type: 'electricity', serialNumber: 'E', decimals: 3 } });
        let value = 1000;
        const ids: string[] = [];
        for (const [i, step] of steps.entries()) {
          value += step / 1000;
          ids.push((await submitReading({ ctx, input: { meterId: meter.id, value: Math.round(value * 1000) / 1000, readAt: new Date(Date.UTC(2025, i, 1)).toISOString() } })).id);
        }
        const reviewed = await reviewReadings({ ctx, input: { readingIds: ids, status: 'confirmed' } });
        const total = reviewed.reduce((sum, r) => sum + Math.round((r.consumption ?? 0) * 1000), 0);
        expect(total).toBe(steps.slice(1).reduce((s, x) => s + x, 0));
      }),
      { numRuns: 10 },
    );
  });

  it('keeps the series in order: no backdating before a confirmed reading, no value above a later confirmed one', async () => {
    const t = await makeTenant();
    const { manager, myMeter } = await setup(t);
    const at = (month: number) => new Date(Date.UTC(2026, month, 20)).toISOString();
    const jan = await manager('POST', `/meters/${myMeter.id}/readings`, { value: 50, readAt: at(0) });
    // Sent before March was confirmed: February 80 and a mistyped 150.
    const feb = await manager('POST', `/meters/${myMeter.id}/readings`, { value: 80, readAt: at(1) });
    const typo = await manager('POST', `/meters/${myMeter.id}/readings`, { value: 150, readAt: at(1) });
    const mar = await manager('POST', `/meters/${myMeter.id}/readings`, { value: 100, readAt: at(2) });
    await manager('POST', '/readings/review', { readingIds: [jan.body.data.id, mar.body.data.id], status: 'confirmed' });

    const backdated = await manager('POST', `/meters/${myMeter.id}/readings`, { value: 120, readAt: at(1) });
    expect(backdated.status).toBe(422);
    expect(backdated.body.errors[0]).toMatchObject({ path: 'readAt', message: expect.stringContaining('before the last confirmed reading') });

    // The queue shows what confirming would do now, and why the typo cannot be confirmed.
    const queue = await (await caller(t)).meters.queue({ buildingId: myMeter.buildingId });
    expect(queue.find((r) => r.id === feb.body.data.id)).toMatchObject({ consumption: 30, flag: null });
    expect(queue.find((r) => r.id === typo.body.data.id)!.flag).toContain('is above the later confirmed reading (100 m3 on 2026-03-20)');
    const refused = await manager('POST', '/readings/review', { readingIds: [typo.body.data.id], status: 'confirmed' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].path).toBe('readingIds.0');

    // Confirming February after March: February counts from January, March is recomputed from February.
    const confirmed = await manager('PATCH', `/meters/${myMeter.id}/readings/${feb.body.data.id}`, { status: 'confirmed' });
    expect(confirmed.body.data.consumption).toBe(30);
    const history = (await manager('GET', `/meters/${myMeter.id}/readings`)).body.data;
    expect(history.filter((r: { status: string }) => r.status === 'confirmed').map((r: { value: number; consumption: number | null }) => [r.value, r.consumption])).toEqual([
      [100, 20],
      [80, 30],
      [50, null],
    ]);
  });

  it('attaches a photo to one reading only, even when two submissions race', async () => {
    const t = await makeTenant();
    const { myMeter } = await setup(t);
    const ctx = serviceContext(t.tenantId, t.resident);
    const photo = await storeUpload({ ctx, input: { bytes: TINY_PNG } });
    const results = await Promise.allSettled([1, 2].map((v) => submitReading({ ctx, input: { meterId: myMeter.id, value: v, photoId: photo.id } })));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ValidationError);
    const readings = await getDb().select().from(meterReadings).where(eq(meterReadings.meterId, myMeter.id));
    expect(readings).toHaveLength(1);
    expect(readings[0]!.photoId).toBe(photo.id);
  });

  it('property: a bulk confirm of rising readings sent in any order chains every consumption', async () => {
    const t = await makeTenant();
    const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Q', address: 'Q' }).returning();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 9_000 }), { minLength: 2, maxLength: 6 }).chain((steps) => fc.tuple(fc.constant(steps), fc.shuffledSubarray(steps.map((_, i) => i), { minLength: steps.length, maxLength: steps.length }), fc.integer({ min: 1, max: steps.length }))),
        async ([steps, order, split]) => {
          const ctx = serviceContext(t.tenantId, t.manager);
          const meter = await createMeter({ ctx, input: { buildingId: b!.id, type: 'gas', serialNumber: 'G', decimals: 3 } });
          let units = 0;
          const ids: string[] = [];
          for (const [i, step] of steps.entries()) {
            units += step;
            ids.push((await submitReading({ ctx, input: { meterId: meter.id, value: units / 1000, readAt: new Date(Date.UTC(2025, i, 1)).toISOString() } })).id);
          }
          // Confirmed in two batches whose members come in a random order.
          const shuffled = order.map((i) => ids[i]!);
          await reviewReadings({ ctx, input: { readingIds: shuffled.slice(0, split), status: 'confirmed' } });
          if (split < shuffled.length) await reviewReadings({ ctx, input: { readingIds: shuffled.slice(split), status: 'confirmed' } });
          const rows = await getDb().select().from(meterReadings).where(eq(meterReadings.meterId, meter.id));
          const byId = new Map(rows.map((r) => [r.id, r]));
          ids.forEach((id, i) => expect(byId.get(id)!.consumption === null ? null : Math.round(Number(byId.get(id)!.consumption) * 1000)).toBe(i === 0 ? null : steps[i]));
        },
      ),
      { numRuns: 8 },
    );
  });
});
