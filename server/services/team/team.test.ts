import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, rawQuery } from '@/db/client';
import { apartmentResidents, apartments, auditLog, buildings, memberships } from '@/db/schema';
import { addUser, bearerFor, makeTenant, TEST_PASSWORD } from '@/test/factories';
import { restClient } from '@/test/rest-client';

async function tokenFromMail(email: string): Promise<string> {
  const { rows } = await rawQuery(`select text from mail_messages where $1 = any("to") order by created_at desc limit 1`, [email]);
  const token = String(rows[0]?.text ?? '').match(/\/invite\/(inv_[\w-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mail for ${email}`);
  return token;
}

describe('the team', () => {
  it('an admin invites a manager, who accepts and is on the team; managers see the team but cannot change it', async () => {
    const t = await makeTenant('Haldus');
    const admin = restClient(await bearerFor(t.tenantId, t.admin));
    const manager = restClient(await bearerFor(t.tenantId, t.manager));
    const email = `new-manager-${randomUUID().slice(0, 8)}@example.test`;

    expect((await manager('POST', '/team/invitations', { email, role: 'manager' })).status).toBe(403);
    expect((await restClient(await bearerFor(t.tenantId, t.resident))('GET', '/team')).status).toBe(403);
    const invited = await admin('POST', '/team/invitations', { email: email.toUpperCase(), role: 'manager' });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({ email, role: 'manager' });
    expect((await admin('POST', '/team/invitations', { email, role: 'admin' })).status).toBe(409);
    expect((await admin('POST', '/team/invitations', { email: t.manager.email, role: 'admin' })).status).toBe(409);
    const listed = await manager('GET', '/team');
    expect(listed.body.data.invitations.map((i: { email: string }) => i.email)).toEqual([email]);
    // Team invitations are not apartment invitations.
    expect((await manager('GET', '/invitations')).body.data.map((i: { email: string }) => i.email)).not.toContain(email);
    expect((await manager('DELETE', `/invitations/${invited.body.data.id}`)).status).toBe(404);

    const token = await tokenFromMail(email);
    const { rows } = await rawQuery(`select text from mail_messages where $1 = any("to") order by created_at desc limit 1`, [email]);
    // In Estonian: the invitee has chosen no language yet, and et is the default.
    expect(String(rows[0]!.text)).toContain('oma meeskonda rollis: haldur.');
    const accepted = await restClient()('POST', '/invitations/accept', { token, name: 'Uus Haldur', password: 'a long enough secret' });
    expect(accepted.status).toBe(200);
    const newcomer = restClient(`Bearer ${accepted.body.data.accessToken}`);
    expect((await newcomer('GET', '/buildings')).status).toBe(200);
    const team = await admin('GET', '/team');
    expect(team.body.data.invitations).toEqual([]);
    expect(team.body.data.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual(
      expect.arrayContaining([
        [email, 'manager'],
        [t.admin.email, 'admin'],
        [t.manager.email, 'manager'],
      ]),
    );
    expect(team.body.data.members).toHaveLength(3); // not the resident
    const audit = await getDb().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.action, 'team.invite')));
    expect(audit).toHaveLength(1);
  });

  it('a resident invited to the team becomes a manager and keeps their apartment; a cancelled invitation cannot be accepted', async () => {
    const t = await makeTenant();
    const admin = restClient(await bearerFor(t.tenantId, t.admin));
    const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Kuuse 2', address: 'Kuuse 2' }).returning();
    const [a] = await getDb().insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '1', area: '40.00' }).returning();
    await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: a!.id, userId: t.resident.userId });

    await admin('POST', '/team/invitations', { email: t.resident.email, role: 'manager' });
    const token = await tokenFromMail(t.resident.email);
    expect((await restClient()('POST', '/invitations/accept', { token, name: '', password: TEST_PASSWORD })).status).toBe(200);
    const [membership] = await getDb().select().from(memberships).where(and(eq(memberships.tenantId, t.tenantId), eq(memberships.userId, t.resident.userId)));
    expect(membership!.role).toBe('manager');
    expect(await getDb().select().from(apartmentResidents).where(eq(apartmentResidents.userId, t.resident.userId))).toHaveLength(1);

    const other = `cancelled-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await admin('POST', '/team/invitations', { email: other, role: 'admin' });
    expect((await restClient(await bearerFor(t.tenantId, t.manager))('DELETE', `/team/invitations/${invited.body.data.id}`)).status).toBe(403);
    expect((await admin('DELETE', `/team/invitations/${invited.body.data.id}`)).status).toBe(204);
    expect((await restClient()('POST', '/invitations/accept', { token: await tokenFromMail(other), name: 'X', password: 'a long enough secret' })).status).toBe(404);
  });

  it('roles change and people leave, but the last admin stays; access ends at once; another tenant\'s member is 404', async () => {
    const t = await makeTenant();
    const other = await makeTenant();
    const admin = restClient(await bearerFor(t.tenantId, t.admin));
    expect((await admin('PATCH', `/team/${t.admin.userId}`, { role: 'manager' })).status).toBe(409);
    expect((await admin('DELETE', `/team/${t.admin.userId}`)).status).toBe(409);
    expect((await restClient(await bearerFor(t.tenantId, t.manager))('PATCH', `/team/${t.manager.userId}`, { role: 'admin' })).status).toBe(403);
    expect((await admin('PATCH', `/team/${other.manager.userId}`, { role: 'admin' })).status).toBe(404);
    expect((await admin('PATCH', `/team/${t.resident.userId}`, { role: 'admin' })).status).toBe(404);

    const promoted = await admin('PATCH', `/team/${t.manager.userId}`, { role: 'admin' });
    expect(promoted.body.data).toEqual({ userId: t.manager.userId, role: 'admin' });
    // Two admins now: the first may step down, and the second is then the last.
    expect((await admin('PATCH', `/team/${t.admin.userId}`, { role: 'manager' })).status).toBe(200);
    const second = restClient(await bearerFor(t.tenantId, { ...t.manager, role: 'admin' }));
    expect((await second('DELETE', `/team/${t.manager.userId}`)).status).toBe(409);

    const leaving = await addUser(t.tenantId, 'manager');
    const leaver = restClient(await bearerFor(t.tenantId, leaving));
    expect((await leaver('GET', '/buildings')).status).toBe(200);
    expect((await second('DELETE', `/team/${leaving.userId}`)).status).toBe(204);
    expect([401, 403]).toContain((await leaver('GET', '/buildings')).status);
    const actions = await getDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.tenantId, t.tenantId));
    expect(actions.map((a) => a.action).filter((a) => a.startsWith('team.')).sort()).toEqual(['team.change_role', 'team.change_role', 'team.remove']);
  });
});
