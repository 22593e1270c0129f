import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as ocrRoute } from '@/app/api/meters/ocr/route';
import { getDb } from '@/db/client';
import { meterReadings, uploads } from '@/db/schema';
import { createMeter } from '@/server/services/meters/create-meter';
import { submitReading } from '@/server/services/readings/submit-reading';
import { renderMeterImage } from '@/bench/ocr/render-meter-image';
import { bearerFor, makeTenant, residentsBuilding, serviceContext, type TestTenant, TINY_PNG } from '@/test/factories';


async function ocr(authorization: string, photo: Uint8Array | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  if (photo) form.set('photo', new Blob([photo as Uint8Array<ArrayBuffer>]), 'meter.png');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await ocrRoute(new Request('http://localhost/api/meters/ocr', { method: 'POST', headers: { authorization }, body: form }), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

async function homeWithMeters(t: TestTenant) {
  const { building: b, mine, other } = await residentsBuilding(t, 'Kuuse 4');
  const ctx = serviceContext(t.tenantId, t.manager);
  const myMeter = await createMeter({ ctx, input: { buildingId: b.id, apartmentId: mine.id, type: 'cold_water', serialNumber: 'CW-1', decimals: 3 } });
  const otherMeter = await createMeter({ ctx, input: { buildingId: b.id, apartmentId: other.id, type: 'cold_water', serialNumber: 'CW-2' } });
  return { myMeter, otherMeter };
}

describe('POST /meters/ocr', () => {
  it('reads a meter photo, keeps the photo for the reading, and needs a meter the caller may see', async () => {
    const t = await makeTenant();
    const { myMeter, otherMeter } = await homeWithMeters(t);
    const residentAuth = await bearerFor(t.tenantId, t.resident);
    const photo = await renderMeterImage({ value: '00482.917', seed: 7, style: { unit: 'm³', drums: 'dark', rotation: 2, blur: 0.5, noise: 6, light: 0.2 } });

    const read = await ocr(residentAuth, photo, { meterId: myMeter.id });
    expect(read.status).toBe(200);
    expect(read.body.data.value).toBe('00482.917');
    expect(read.body.data.confidence).toBeGreaterThan(0);
    expect(read.body.data.confidence).toBeLessThanOrEqual(1);
    expect(read.body.data.candidates[0]).toEqual({ value: '00482.917', confidence: read.body.data.confidence });
    const [stored] = await getDb().select().from(uploads).where(eq(uploads.id, read.body.data.photoId));
    expect(stored).toMatchObject({ tenantId: t.tenantId, uploadedBy: t.resident.userId, contentType: 'image/png' });

    // The photo goes with the submitted reading.
    const reading = await submitReading({ ctx: serviceContext(t.tenantId, t.resident), input: { meterId: myMeter.id, value: 482.917, source: 'ocr', photoId: read.body.data.photoId } });
    const [row] = await getDb().select().from(meterReadings).where(eq(meterReadings.id, reading.id));
    expect(row).toMatchObject({ source: 'ocr', photoId: read.body.data.photoId });

    // Another apartment's meter, another tenant's meter, and a malformed id.
    expect((await ocr(residentAuth, TINY_PNG, { meterId: otherMeter.id })).status).toBe(404);
    const stranger = await makeTenant();
    expect((await ocr(await bearerFor(stranger.tenantId, stranger.manager), TINY_PNG, { meterId: myMeter.id })).status).toBe(404);
    const malformed = await ocr(residentAuth, TINY_PNG, { meterId: 'meter-1' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('BAD_REQUEST');
  });

  it('answers value null for a photo without a register', async () => {
    const t = await makeTenant();
    const read = await ocr(await bearerFor(t.tenantId, t.manager), TINY_PNG);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ value: null, confidence: 0, candidates: [] });
    expect(read.body.data.photoId).toEqual(expect.any(String));
  });

  it('refuses what is not an image (415), over 10 MB (413), without a photo (400) or credentials (401)', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.resident);
    const text = await ocr(auth, new TextEncoder().encode('12345 m3, honestly'));
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(TINY_PNG);
    const tooBig = await ocr(auth, big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await ocr(auth, null, { meterId: '' })).status).toBe(400);
    expect((await ocr('Bearer nope', TINY_PNG)).status).toBe(401);
    const count = await getDb().select().from(uploads).where(eq(uploads.tenantId, t.tenantId));
    expect(count).toHaveLength(0);
  });
});
