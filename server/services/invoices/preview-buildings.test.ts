import { describe, expect, it } from 'vitest';
import { makeTenant, serviceContext } from '@/test/factories';
import { createApartment } from '../apartments/create-apartment';
import { createBuilding } from '../buildings/create-building';
import { ForbiddenError, ValidationError } from '../errors';
import { previewBuildings } from './preview-buildings';

const january = { periodStart: '2026-01-01', periodEnd: '2026-01-31' };

describe('the generation preview of several buildings', () => {
  it('previews each building and sums them on the server, amounts per currency and exact in cents', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager, new Date('2026-02-01T10:00:00Z'));
    // 0.10 + 0.20 is not 0.30 in floating point: the sum of A and B tests that the server adds cents.
    const a = await createBuilding({ ctx, input: { name: 'A', address: 'A 1', chargeRules: [{ name: 'Cleaning', basis: 'apartment', unitPrice: 0.1 }] } });
    const b = await createBuilding({ ctx, input: { name: 'B', address: 'B 1', chargeRules: [{ name: 'Cleaning', basis: 'apartment', unitPrice: 0.2 }] } });
    const c = await createBuilding({ ctx, input: { name: 'C', address: 'C 1', currency: 'SEK', chargeRules: [{ name: 'Cleaning', basis: 'apartment', unitPrice: 5 }] } });
    for (const [i, building] of [a, b, c, c].entries()) await createApartment({ ctx, input: { buildingId: building.id, number: String(i + 1), area: 40 } });
    const other = await makeTenant();
    const foreign = await createBuilding({ ctx: serviceContext(other.tenantId, other.manager), input: { name: 'Theirs', address: 'X 1', chargeRules: [] } });

    const { buildings, summary } = await previewBuildings({ ctx, input: { buildingIds: [b.id, a.id, foreign.id, c.id], ...january } });
    expect(buildings.map((r) => [r.buildingId, r.preview?.totals.toCreate ?? null])).toEqual([
      [b.id, 1],
      [a.id, 1],
      [foreign.id, null],
      [c.id, 2],
    ]);
    // Another tenant's building is reported as not found beside the others, not as a preview.
    expect(buildings[2]!.error).toMatch(/not found/i);
    expect(summary).toEqual({
      toCreate: 4,
      alreadyInvoiced: 0,
      needsReview: 0,
      byCurrency: [
        { currency: 'EUR', amount: 0.3, vatAmount: 0 },
        { currency: 'SEK', amount: 10, vatAmount: 0 },
      ],
    });
  });

  it('refuses a wrong period as a whole (422) and residents (403)', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const a = await createBuilding({ ctx, input: { name: 'A', address: 'A 1', chargeRules: [] } });
    await expect(previewBuildings({ ctx, input: { buildingIds: [a.id], periodStart: '2026-02-01', periodEnd: '2026-01-01' } })).rejects.toBeInstanceOf(ValidationError);
    await expect(previewBuildings({ ctx: serviceContext(t.tenantId, t.resident), input: { buildingIds: [a.id], ...january } })).rejects.toBeInstanceOf(ForbiddenError);
  });
});
