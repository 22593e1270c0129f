import { randomUUID } from 'node:crypto';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, authSessions, buildings, chargeRules, invitations, memberships, paymentDemands, type Role, tenants, users } from '@/db/schema';
import { signAccessToken } from '@/server/auth/access-token';
import { hashPassword } from '@/server/auth/password';
import type { ServiceContext } from '@/server/services/context';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export type TestUser = { userId: string; email: string; role: Role };
export type TestTenant = { tenantId: string; admin: TestUser; manager: TestUser; resident: TestUser };

export async function addUser(tenantId: string, role: Role): Promise<TestUser> {
  const db = getDb();
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const [user] = await db.insert(users).values({ email, name: `Test ${role}`, passwordHash: await passwordHash }).returning();
  await db.insert(memberships).values({ tenantId, userId: user!.id, role });
  return { userId: user!.id, email, role };
}

/** A fresh tenant with one user of each role; tests never share rows. */
export async function makeTenant(name = 'Test tenant'): Promise<TestTenant> {
  const [tenant] = await getDb().insert(tenants).values({ name: `${name} ${randomUUID().slice(0, 6)}` }).returning();
  const tenantId = tenant!.id;
  return {
    tenantId,
    admin: await addUser(tenantId, 'admin'),
    manager: await addUser(tenantId, 'manager'),
    resident: await addUser(tenantId, 'resident'),
  };
}

export function serviceContext(tenantId: string, user: TestUser, now = new Date()): ServiceContext {
  return { tenantId, userId: user.userId, role: user.role, now, requestId: `test-${randomUUID()}`, db: getDb() };
}

/** A signed-in REST session for the user: the Authorization header value. */
export async function bearerFor(tenantId: string, user: TestUser, now = new Date()): Promise<string> {
  const [session] = await getDb()
    .insert(authSessions)
    .values({ userId: user.userId, tenantId, expiresAt: new Date(now.getTime() + 30 * 86400_000) })
    .returning();
  return `Bearer ${await signAccessToken({ userId: user.userId, tenantId, sessionId: session!.id, role: user.role }, now)}`;
}

/** The smallest valid PNG (a 1×1 transparent pixel): an image with no meter register on it. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/**
 * A building whose `count` apartments each have a resident of their own, with October 2026's draft
 * invoices generated: what a bulk send mails. Returns the building and the period to send.
 */
export async function makeDraftsToSend(t: TestTenant, count: number): Promise<{ buildingId: string; periodStart: string; periodEnd: string }> {
  const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Send', address: 'Send 1', iban: 'EE382200221020145685' }).returning();
  const apts = await getDb()
    .insert(apartments)
    .values(Array.from({ length: count }, (_, i) => ({ tenantId: t.tenantId, buildingId: b!.id, number: String(i + 1), area: '40.00' })))
    .returning();
  for (const apt of apts) {
    const resident = await addUser(t.tenantId, 'resident');
    await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: apt.id, userId: resident.userId });
  }
  const period = { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31' };
  await generateInvoices({ ctx: serviceContext(t.tenantId, t.manager), input: { ...period, issueDate: '2026-11-01' } });
  return period;
}

/** A building at `address` with one 50 m² apartment charged 0.50 €/m²: its October 2026 invoice (a draft of 25.00 €). */
export async function makeOneInvoice(address: string): Promise<{ ctx: ServiceContext; invoiceId: string }> {
  const t = await makeTenant();
  const ctx = serviceContext(t.tenantId, t.manager);
  const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: address, address, iban: 'EE382200221020145685', bankRecipient: `KÜ ${address}` }).returning();
  await getDb().insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '4', area: '50.00' });
  await getDb().insert(chargeRules).values({ tenantId: t.tenantId, buildingId: b!.id, position: 0, name: 'Haldustasu', basis: 'area', unitPrice: '0.5000', vatRate: '0' });
  const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-01' } });
  return { ctx, invoiceId: invoiceIds[0]! };
}

/** An open payment demand, as the collection scan makes for an overdue apartment (its figures are fixtures). */
export async function addPaymentDemand(tenantId: string, buildingId: string, apartmentId: string): Promise<string> {
  const [row] = await getDb()
    .insert(paymentDemands)
    .values({ tenantId, buildingId, apartmentId, issueDate: '2026-03-01', deadline: '2026-03-15', currency: 'EUR', items: [], openAmount: 1234, penaltyAmount: 12, creditAmount: 0, totalAmount: 1246 })
    .returning();
  return row!.id;
}

/** A pending invitation to the organisation's team (as a manager). */
export async function addTeamInvitation(tenantId: string): Promise<string> {
  const [row] = await getDb()
    .insert(invitations)
    .values({ tenantId, apartmentId: null, memberRole: 'manager', email: `team-${randomUUID().slice(0, 8)}@example.test`, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 7 * 86400_000) })
    .returning();
  return row!.id;
}

/** A building with apartments 1 and 2 (40 m² each): the tenant's resident lives in 1 (`mine`), not in 2 (`other`). */
export async function residentsBuilding(t: TestTenant, name: string) {
  const db = getDb();
  const [building] = await db.insert(buildings).values({ tenantId: t.tenantId, name, address: name }).returning();
  const [mine, other] = await db
    .insert(apartments)
    .values([
      { tenantId: t.tenantId, buildingId: building!.id, number: '1', area: '40.00' },
      { tenantId: t.tenantId, buildingId: building!.id, number: '2', area: '40.00' },
    ])
    .returning();
  await db.insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: mine!.id, userId: t.resident.userId });
  return { building: building!, mine: mine!, other: other! };
}
