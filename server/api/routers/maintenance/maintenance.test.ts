import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, rawQuery } from '@/db/client';
import { apartmentResidents, apartments, buildings, events, maintenanceStatusEnum } from '@/db/schema';
import { MAINTENANCE_TRANSITIONS } from '@/server/domain/maintenance-status';
import { createMaintenanceRequest } from '@/server/services/maintenance/create-request';
import { addUser, bearerFor, makeTenant, serviceContext, type TestTenant, TINY_PNG } from '@/test/factories';
import { restClient } from '@/test/rest-client';
import { download, upload } from '@/test/uploads';

const api = restClient;

async function homeOf(t: TestTenant, numbers = ['1', '2']) {
  const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Pärna 7', address: 'Pärna 7' }).returning();
  const apts = await getDb().insert(apartments).values(numbers.map((number) => ({ tenantId: t.tenantId, buildingId: b!.id, number, area: '40.00' }))).returning();
  await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: apts[0]!.id, userId: t.resident.userId });
  return { buildingId: b!.id, mine: apts[0]!.id, notMine: apts[1]!.id };
}

// Which requests a resident sees, over random tenants, apartments and memberships: server/services/residents/resident-scoping.test.ts.
describe('maintenance requests', () => {
  it('a resident reports with a photo for an own apartment; 404 for another; the event is stored', async () => {
    const t = await makeTenant();
    const { mine, notMine, buildingId } = await homeOf(t);
    const residentAuth = await bearerFor(t.tenantId, t.resident);
    const resident = api(residentAuth);
    const photo = await upload(residentAuth, TINY_PNG);
    expect(photo.status).toBe(201);
    expect(photo.body.data).toMatchObject({ contentType: 'image/png', size: TINY_PNG.length });

    const created = await resident('POST', '/maintenance-requests', { apartmentId: mine, title: 'Leaking tap', description: 'Kitchen tap drips', photoIds: [photo.body.data.id] });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: 'open', apartmentId: mine, buildingId, photoIds: [photo.body.data.id], createdBy: t.resident.userId });
    expect((await resident('POST', '/maintenance-requests', { apartmentId: notMine, title: 'x', description: 'y' })).status).toBe(404);
    expect((await resident('POST', '/maintenance-requests', { apartmentId: mine, title: ' ', description: 'y' })).status).toBe(422);
    // A photo is attached once.
    expect((await resident('POST', '/maintenance-requests', { apartmentId: mine, title: 'Again', description: 'y', photoIds: [photo.body.data.id] })).status).toBe(422);

    const [event] = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'maintenance.created')));
    expect(event!.data).toEqual({ requestId: created.body.data.id, apartmentId: mine, status: 'open' });
    // Residents cannot move a request.
    expect((await resident('PATCH', `/maintenance-requests/${created.body.data.id}`, { status: 'closed' })).status).toBe(403);
  });

  it('follows the status machine: legal moves succeed, emit maintenance.updated and mail the reporter; others are 422', async () => {
    const t = await makeTenant();
    const { mine } = await homeOf(t);
    const manager = api(await bearerFor(t.tenantId, t.manager));
    const statuses = maintenanceStatusEnum.enumValues;
    for (const from of statuses) {
      for (const to of statuses) {
        const request = await createMaintenanceRequest({ ctx: serviceContext(t.tenantId, t.resident), input: { apartmentId: mine, title: `${from}->${to}`, description: 'test' } });
        // Walk to `from` along legal moves.
        const path = { open: [], in_progress: ['in_progress'], resolved: ['in_progress', 'resolved'], closed: ['closed'] }[from];
        for (const step of path) expect((await manager('PATCH', `/maintenance-requests/${request.id}`, { status: step })).status).toBe(200);
        const res = await manager('PATCH', `/maintenance-requests/${request.id}`, { status: to });
        const legal = MAINTENANCE_TRANSITIONS[from].includes(to);
        expect(res.status, `${from} -> ${to}`).toBe(legal ? 200 : 422);
        if (!legal) expect(res.body.errors[0].path).toBe('status');
      }
    }
    expect((await manager('PATCH', `/maintenance-requests/${crypto.randomUUID()}`, { status: 'closed' })).status).toBe(404);
    expect((await manager('PATCH', `/maintenance-requests/${crypto.randomUUID()}`, { status: 'done' })).status).toBe(400);
    const updated = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'maintenance.updated')));
    expect(updated.length).toBeGreaterThan(0);
    expect(updated[0]!.data).toEqual({ requestId: expect.any(String), status: expect.stringMatching(/^(in_progress|resolved|closed)$/) });
    const { rows } = await rawQuery(`select subject from mail_messages where $1 = any("to")`, [t.resident.email]);
    expect(rows.map((r) => r.subject)).toContain('Teie teade „open->in_progress”: töös'); // Estonian: the resident chose no language
  });

  it('stores one maintenance.updated per move with its status, and mails the residents even when a manager filed it', async () => {
    const t = await makeTenant();
    const { mine } = await homeOf(t);
    const flatmate = await addUser(t.tenantId, 'resident');
    await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: mine, userId: flatmate.userId });
    const manager = api(await bearerFor(t.tenantId, t.manager));
    const filed = await manager('POST', '/maintenance-requests', { apartmentId: mine, title: 'Stairwell light', description: 'Flickers' });
    expect(filed.status).toBe(201);
    const id = filed.body.data.id;
    for (const status of ['in_progress', 'resolved', 'closed']) expect((await manager('PATCH', `/maintenance-requests/${id}`, { status })).status).toBe(200);

    const updates = await getDb().select().from(events).where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'maintenance.updated'))).orderBy(events.occurredAt, events.id);
    expect(updates.map((e) => e.data)).toEqual([
      { requestId: id, status: 'in_progress' },
      { requestId: id, status: 'resolved' },
      { requestId: id, status: 'closed' },
    ]);
    for (const person of [t.resident, flatmate]) {
      const { rows } = await rawQuery(`select subject from mail_messages where $1 = any("to") order by created_at`, [person.email]);
      expect(rows.map((r) => r.subject)).toEqual(['Teie teade „Stairwell light”: töös', 'Teie teade „Stairwell light”: lahendatud', 'Teie teade „Stairwell light”: suletud']);
    }
    const { rows: toManager } = await rawQuery(`select subject from mail_messages where $1 = any("to")`, [t.manager.email]);
    expect(toManager).toHaveLength(0);
  });

  it('managers filter by building and status', async () => {
    const t = await makeTenant();
    const first = await homeOf(t);
    const second = await homeOf(t, ['9', '10']);
    const manager = api(await bearerFor(t.tenantId, t.manager));
    const a = (await manager('POST', '/maintenance-requests', { apartmentId: first.mine, title: 'A', description: 'a' })).body.data;
    const b = (await manager('POST', '/maintenance-requests', { apartmentId: second.mine, title: 'B', description: 'b' })).body.data;
    await manager('PATCH', `/maintenance-requests/${b.id}`, { status: 'in_progress' });
    const ids = async (query: string) => (await manager('GET', `/maintenance-requests?${query}`)).body.data.map((r: { id: string }) => r.id);
    expect(await ids(`buildingId=${first.buildingId}`)).toEqual([a.id]);
    expect(await ids('status=in_progress')).toEqual([b.id]);
    expect(await ids(`buildingId=${first.buildingId}&status=in_progress`)).toEqual([]);
    expect((await manager('GET', '/maintenance-requests?status=done')).status).toBe(400);
    const stranger = await makeTenant();
    expect((await api(await bearerFor(stranger.tenantId, stranger.manager))('GET', `/maintenance-requests?buildingId=${first.buildingId}`)).status).toBe(404);
  });
});

describe('uploads', () => {
  it('takes images by their bytes: 415 for anything else, 413 over 10 MB', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.resident);
    const text = await upload(auth, new TextEncoder().encode('not an image at all'), 'fake.png');
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(TINY_PNG);
    const tooBig = await upload(auth, big);
    expect(tooBig.status).toBe(413);
    // The size is checked before the type: a large file that is not an image is 413 too.
    const bigText = await upload(auth, new Uint8Array(10 * 1024 * 1024 + 1).fill(0x41), 'notes.txt');
    expect(bigText.status).toBe(413);
    expect(bigText.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const webp = await upload(auth, Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(64)]));
    expect(webp.body.data?.contentType).toBe('image/webp');
    const heic = await upload(auth, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(64)]));
    expect(heic.body.data?.contentType).toBe('image/heic');
    const jpeg = await upload(auth, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]), Buffer.alloc(64)]));
    expect(jpeg.body.data?.contentType).toBe('image/jpeg');
  });

  it('serves a photo to its tenant\'s managers and the resident of its record, 404 to others', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const { mine } = await homeOf(t);
    const residentAuth = await bearerFor(t.tenantId, t.resident);
    const photo = (await upload(residentAuth, TINY_PNG)).body.data;
    await api(residentAuth)('POST', '/maintenance-requests', { apartmentId: mine, title: 'Crack', description: 'Wall', photoIds: [photo.id] });
    const own = await download(residentAuth, photo.id);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await own.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect((await download(await bearerFor(t.tenantId, t.manager), photo.id)).status).toBe(200);
    expect((await download(await bearerFor(other.tenantId, other.manager), photo.id)).status).toBe(404);
    // A resident of the same tenant who does not live there.
    const neighbour = await addUser(t.tenantId, 'resident');
    expect((await download(await bearerFor(t.tenantId, neighbour), photo.id)).status).toBe(404);
  });

  it('stops serving a resident their own photo once they no longer live in its apartment', async () => {
    const t = await makeTenant();
    const { mine, notMine } = await homeOf(t);
    // They keep another apartment, so they still belong to the tenant.
    await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: notMine, userId: t.resident.userId });
    const residentAuth = await bearerFor(t.tenantId, t.resident);
    const photo = (await upload(residentAuth, TINY_PNG)).body.data;
    expect((await download(residentAuth, photo.id)).status).toBe(200); // not attached yet: the uploader's
    await api(residentAuth)('POST', '/maintenance-requests', { apartmentId: mine, title: 'Crack', description: 'Wall', photoIds: [photo.id] });
    expect((await download(residentAuth, photo.id)).status).toBe(200);
    const manager = api(await bearerFor(t.tenantId, t.manager));
    const row = (await manager('GET', `/residents?apartmentId=${mine}`)).body.data.find((r: { userId: string }) => r.userId === t.resident.userId);
    expect((await manager('DELETE', `/residents/${row.id}`)).status).toBe(204);
    expect((await download(residentAuth, photo.id)).status).toBe(404);
  });
});
