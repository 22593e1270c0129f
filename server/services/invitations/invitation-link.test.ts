import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, rawQuery } from '@/db/client';
import { apartmentResidents, apartments, auditLog, buildings, invitations, memberships, users } from '@/db/schema';
import { makeTenant, serviceContext, type TestTenant } from '@/test/factories';
import { acceptInvitation } from './accept-invitation';
import { acceptInvitationLink } from './accept-invitation-link';
import { cancelInvitation } from './cancel-invitation';
import { createInvitation } from './create-invitation';
import { describeInvitation } from './describe-invitation';
import { emailInvitationLink } from './email-invitation-link';
import { readInvitationLink, signInvitationLink } from './invitation-link';

const db = () => getDb();

async function lastMail(email: string): Promise<{ subject: string; text: string }> {
  const { rows } = await rawQuery(`select subject, text from mail_messages where $1 = any("to") order by created_at desc limit 1`, [email]);
  if (!rows[0]) throw new Error(`no mail for ${email}`);
  return { subject: String(rows[0].subject), text: String(rows[0].text) };
}

async function invite(t: TestTenant, email = `inv-${randomUUID().slice(0, 8)}@example.test`) {
  const [b] = await db().insert(buildings).values({ tenantId: t.tenantId, name: 'Kase 5', address: 'Kase 5' }).returning();
  const [a] = await db().insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '7', area: '45.00' }).returning();
  const view = await createInvitation({ ctx: serviceContext(t.tenantId, t.manager), input: { email, apartmentId: a!.id, role: 'tenant' } });
  const token = (await lastMail(email)).text.match(/\/invite\/(inv_[\w-]+)/)?.[1];
  if (!token) throw new Error('no invitation link in the mail');
  return { email, token, invitationId: view.id, apartmentId: a!.id };
}

async function linkFromMail(email: string): Promise<string> {
  const link = (await lastMail(email)).text.match(/\/magic-link\/(mli_[\w.-]+)/)?.[1];
  if (!link) throw new Error('no sign-in link in the mail');
  return link;
}

describe('accepting an invitation with a magic link', () => {
  it('a new person joins through the emailed link: resident of the apartment, no password; the link and the invitation work once', async () => {
    const t = await makeTenant();
    const { email, token, invitationId, apartmentId } = await invite(t);
    const now = new Date();

    await expect(emailInvitationLink({ db: db(), now, input: { token, name: '  ' } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'name' }] });
    expect(await emailInvitationLink({ db: db(), now, input: { token, name: ' Mari Maasikas ' } })).toEqual({ sent: true, email });
    const mail = await lastMail(email);
    expect(mail.subject).toMatch(/^Liituge: Test tenant /); // Estonian: a new person has chosen no language
    expect(mail.text).toContain('Kase 5, korter 7');
    const link = await linkFromMail(email);
    // Asking again gives another link; sending links accepts nothing yet.
    await emailInvitationLink({ db: db(), now, input: { token, name: 'Mari Maasikas' } });
    const secondLink = await linkFromMail(email);
    expect(secondLink).not.toBe(link);
    expect(await describeInvitation({ db: db(), now, token })).not.toBeNull();

    const user = await acceptInvitationLink({ db: db(), now, token: link });
    expect(user).toMatchObject({ email, name: 'Mari Maasikas', tenantId: t.tenantId });
    const [account] = await db().select().from(users).where(eq(users.id, user!.id));
    expect(account).toMatchObject({ email, name: 'Mari Maasikas', passwordHash: null });
    expect(await db().select({ role: memberships.role }).from(memberships).where(eq(memberships.userId, user!.id))).toEqual([{ role: 'resident' }]);
    expect(await db().select({ apartmentId: apartmentResidents.apartmentId, role: apartmentResidents.role }).from(apartmentResidents).where(eq(apartmentResidents.userId, user!.id))).toEqual([
      { apartmentId, role: 'tenant' },
    ]);
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'invitation.accept'), eq(auditLog.entityId, invitationId)));
    expect(audit!.after).toMatchObject({ userId: user!.id, method: 'magic_link', linkedExistingAccount: false });

    // Single use: the same link, the other link, the invitation's own token, and asking for a new link all fail.
    expect(await acceptInvitationLink({ db: db(), now, token: link })).toBeNull();
    expect(await acceptInvitationLink({ db: db(), now, token: secondLink })).toBeNull();
    await expect(acceptInvitation({ db: db(), now, input: { token, name: 'Someone', password: 'another long password' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(emailInvitationLink({ db: db(), now, input: { token, name: 'Mari' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('a person with an account is linked to it (in the invitation\'s tenant), without giving a password', async () => {
    const t = await makeTenant();
    const elsewhere = await makeTenant();
    const { token, apartmentId } = await invite(t, elsewhere.manager.email);
    await emailInvitationLink({ db: db(), now: new Date(), input: { token, name: '' } });
    const user = await acceptInvitationLink({ db: db(), now: new Date(), token: await linkFromMail(elsewhere.manager.email) });
    expect(user).toMatchObject({ id: elsewhere.manager.userId, tenantId: t.tenantId, name: 'Test manager' });
    const roles = await db().select({ tenantId: memberships.tenantId, role: memberships.role }).from(memberships).where(eq(memberships.userId, elsewhere.manager.userId));
    expect(roles).toHaveLength(2);
    expect(roles).toContainEqual({ tenantId: t.tenantId, role: 'resident' });
    expect(await db().select().from(apartmentResidents).where(eq(apartmentResidents.apartmentId, apartmentId))).toHaveLength(1);
    // The password stays as it was.
    const [account] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, elsewhere.manager.userId));
    expect(account!.passwordHash).toMatch(/^scrypt\$/);
  });

  it('refuses forged, altered and expired links and links of cancelled invitations, leaving the invitation pending', async () => {
    const t = await makeTenant();
    const { email, token, invitationId } = await invite(t);
    const now = new Date();
    await emailInvitationLink({ db: db(), now, input: { token, name: 'Jaan' } });
    const link = await linkFromMail(email);
    expect(readInvitationLink(link, now)).toMatchObject({ invitationId, name: 'Jaan' });

    const [payload, signature] = link.slice(4).split('.');
    const altered = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), n: 'Mallory' })).toString('base64url');
    const forged = [
      `mli_${altered}.${signature}`,
      `mli_${payload}.${Buffer.alloc(32).toString('base64url')}`,
      `mli_${payload}`,
      link.replace(/^mli_/, 'ml_'),
      `${link}.x`,
    ];
    for (const bad of forged) expect(await acceptInvitationLink({ db: db(), now, token: bad }), bad).toBeNull();
    // Valid 15 minutes.
    expect(await acceptInvitationLink({ db: db(), now: new Date(now.getTime() + 16 * 60_000), token: link })).toBeNull();
    // A link signed for an invitation that does not exist.
    expect(await acceptInvitationLink({ db: db(), now, token: signInvitationLink({ invitationId: randomUUID(), name: 'X', expiresAt: new Date(now.getTime() + 60_000) }) })).toBeNull();
    const [still] = await db().select({ status: invitations.status }).from(invitations).where(eq(invitations.id, invitationId));
    expect(still!.status).toBe('pending');

    await cancelInvitation({ ctx: serviceContext(t.tenantId, t.manager), input: { id: invitationId } });
    expect(await acceptInvitationLink({ db: db(), now, token: link })).toBeNull();
  });

  it('two concurrent uses of the link accept the invitation once', async () => {
    const t = await makeTenant();
    const { email, token } = await invite(t);
    await emailInvitationLink({ db: db(), now: new Date(), input: { token, name: 'Tiit' } });
    const link = await linkFromMail(email);
    const results = await Promise.all([acceptInvitationLink({ db: db(), now: new Date(), token: link }), acceptInvitationLink({ db: db(), now: new Date(), token: link })]);
    expect(results.filter((user) => user !== null)).toHaveLength(1);
    expect(await db().select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});
