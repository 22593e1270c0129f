import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as importRoute } from '@/app/api/buildings/[id]/apartments/import/route';
import { getDb, rawQuery } from '@/db/client';
import { apartmentCredits, apartmentResidents, apartments, buildings, events, invitations, invoices, payments, users } from '@/db/schema';
import { bearerFor, makeTenant, TEST_PASSWORD, type TestTenant } from '@/test/factories';
import { createRestHandler } from './rest-adapter';
import { appRouter } from './root';

/*
 * Requests fired at once (Promise.all) through the REST handler in-process. On PGlite they run one statement
 * at a time on one connection; on the real Postgres (DATABASE_URL, a pool of connections) they truly
 * interleave, which is the case these tests are for. Each asserts what the database holds afterwards.
 */

const rest = createRestHandler(appRouter);

type Answer = { status: number; replayed: boolean; body: { data?: Record<string, unknown>; error?: { code: string; message: string } } | null };

async function call(authorization: string | null, method: string, path: string, body?: unknown, key?: string): Promise<Answer> {
  const res = await rest(
    new Request(`http://localhost/api${path}`, {
      method,
      headers: {
        // One client address per call, so the per-IP budgets of anonymous routes never interfere.
        'x-forwarded-for': `10.91.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        ...(authorization ? { authorization } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', body: res.status === 204 ? null : await res.json() };
}

/** "201×1, 201-replayed×3, 409×6": the answers by status, replays apart. */
function tally(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const label = `${a.status}${a.replayed ? '-replayed' : ''}`;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([label, n]) => `${label}×${n}`).join(', ');
}

async function buildingWith(t: TestTenant, count: number) {
  const [b] = await getDb()
    .insert(buildings)
    .values({ tenantId: t.tenantId, name: `Conc ${Math.random().toString(36).slice(2, 8)}`, address: 'Pärna 3' })
    .returning();
  const apts = count
    ? await getDb()
        .insert(apartments)
        .values(Array.from({ length: count }, (_, i) => ({ tenantId: t.tenantId, buildingId: b!.id, number: String(i + 1), area: '40.00' })))
        .returning()
    : [];
  await call(await bearerFor(t.tenantId, t.manager), 'PATCH', `/buildings/${b!.id}`, { chargeRules: [{ name: 'Maintenance', basis: 'apartment', unitPrice: 50 }] });
  return { buildingId: b!.id, apartmentIds: apts.map((a) => a.id) };
}

/** The token of the newest invitation mailed to the address (the local mailbox). */
async function invitationToken(email: string): Promise<string> {
  const { rows } = await rawQuery(`select text from mail_messages where $1 = any("to") order by created_at desc limit 1`, [email]);
  return String(rows[0]?.text ?? '').match(/\/invite\/(inv_[\w-]+)/)![1]!;
}

const eventsOf = (tenantId: string, type: string) => getDb().select().from(events).where(and(eq(events.tenantId, tenantId), eq(events.type, type)));

async function creditBalance(apartmentId: string): Promise<number> {
  const [row] = await getDb()
    .select({ sum: sql<string>`coalesce(sum(${apartmentCredits.amount}), 0)` })
    .from(apartmentCredits)
    .where(eq(apartmentCredits.apartmentId, apartmentId));
  return Number(row!.sum);
}

describe('idempotency and concurrency', () => {
  it('a) 10 identical POST /payments with one Idempotency-Key at once record one payment', async () => {
    const t = await makeTenant();
    const { apartmentIds } = await buildingWith(t, 1);
    const auth = await bearerFor(t.tenantId, t.manager);
    const body = { apartmentId: apartmentIds[0], amount: 37.5, paidDate: '2026-01-10' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(auth, 'POST', '/payments', body, 'same-payment')));

    // Exactly one request does the work (201); each other one either finds it finished and gets its answer
    // back (201 with Idempotent-Replayed) or finds it still running and is told so (409), never anything else.
    const fresh = answers.filter((a) => a.status === 201 && !a.replayed);
    expect(fresh).toHaveLength(1);
    for (const a of answers.filter((x) => x !== fresh[0])) {
      if (a.status === 201) {
        expect(a.replayed).toBe(true);
        expect(a.body).toEqual(fresh[0]!.body);
      } else {
        expect(a.status).toBe(409);
        expect(a.body!.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/still being processed|being processed/) });
      }
    }
    const rows = await getDb().select().from(payments).where(eq(payments.apartmentId, apartmentIds[0]!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(fresh[0]!.body!.data!.id);
    // The apartment's credit balance grew once, and one payment.received went out.
    expect(await creditBalance(apartmentIds[0]!)).toBe(3750);
    expect(await eventsOf(t.tenantId, 'payment.received')).toHaveLength(1);
    console.log(`concurrency: 10 same-key payments → ${rows.length} payment; answers ${tally(answers)}`);
  });

  it('b) 10 identical POST /buildings and POST /invoices/generate-bulk with one key at once have one effect', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.manager);
    const name = `Idem ${Math.random().toString(36).slice(2, 8)}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(auth, 'POST', '/buildings', { name, address: 'Vahtra 1' }, 'same-building')));
    expect(answers.filter((a) => a.status === 201 && !a.replayed)).toHaveLength(1);
    expect(answers.every((a) => (a.status === 201 && (a.replayed || a.body!.data)) || a.status === 409)).toBe(true);
    const made = await getDb().select().from(buildings).where(and(eq(buildings.tenantId, t.tenantId), eq(buildings.name, name)));
    expect(made).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 201)) expect(a.body!.data!.id).toBe(made[0]!.id);
    console.log(`concurrency: 10 same-key POST /buildings → ${made.length} building; answers ${tally(answers)}`);

    const { buildingId } = await buildingWith(t, 3);
    const generate = { buildingId, periodStart: '2026-01-01', periodEnd: '2026-01-31', issueDate: '2026-02-01' };
    const generations = await Promise.all(Array.from({ length: 10 }, () => call(auth, 'POST', '/invoices/generate-bulk', generate, 'same-generation')));
    const first = generations.filter((a) => a.status === 201 && !a.replayed);
    expect(first).toHaveLength(1);
    expect(first[0]!.body!.data).toMatchObject({ created: 3, skipped: 0 });
    // A replay is the first answer (created 3), not a second run's (created 0).
    for (const a of generations.filter((x) => x.replayed)) expect(a.body).toEqual(first[0]!.body);
    expect(generations.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const invoiced = await getDb().select().from(invoices).where(eq(invoices.buildingId, buildingId));
    expect(invoiced).toHaveLength(3);
    console.log(`concurrency: 10 same-key generate-bulk → ${invoiced.length} invoices for 3 apartments; answers ${tally(generations)}`);
  });

  it('c) two generations of one building and period at once make one invoice per apartment', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.manager);
    const { buildingId, apartmentIds } = await buildingWith(t, 5);
    const body = { buildingId, periodStart: '2026-03-01', periodEnd: '2026-03-31', issueDate: '2026-04-01' };
    const answers = await Promise.all([call(auth, 'POST', '/invoices/generate-bulk', body), call(auth, 'POST', '/invoices/generate-bulk', body)]);
    // The contract: a repeat skips what exists and is still 201. One call creates all five, the other none.
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers.map((a) => a.body!.data!.created).sort()).toEqual([0, 5]);
    expect(answers.map((a) => a.body!.data!.skipped).sort()).toEqual([0, 5]);
    const rows = await getDb().select().from(invoices).where(eq(invoices.buildingId, buildingId));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.apartmentId))).toEqual(new Set(apartmentIds));
    // Numbers stay gap-free: 000001 … 000005 of the tenant's 2026.
    expect(rows.map((r) => r.number).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `INV-2026-${String(n).padStart(6, '0')}`));
    expect(await eventsOf(t.tenantId, 'invoice.created')).toHaveLength(5);

    // Issue dates in two different years lock two different counter rows: the apartments' locks still
    // keep the second generation from billing the same period again.
    const other = { ...body, periodStart: '2026-12-01', periodEnd: '2026-12-31' };
    const years = await Promise.all([
      call(auth, 'POST', '/invoices/generate-bulk', { ...other, issueDate: '2026-12-31' }),
      call(auth, 'POST', '/invoices/generate-bulk', { ...other, issueDate: '2027-01-01' }),
    ]);
    expect(years.map((a) => a.status)).toEqual([201, 201]);
    expect(years.map((a) => a.body!.data!.created).sort()).toEqual([0, 5]);
    const december = await getDb()
      .select()
      .from(invoices)
      .where(and(eq(invoices.buildingId, buildingId), eq(invoices.periodStart, '2026-12-01')));
    expect(december).toHaveLength(5);
    console.log(
      `concurrency: 2 generations of one period → ${rows.length} invoices for 5 apartments (created ${answers.map((a) => a.body!.data!.created).join('+')}, answers ${tally(answers)}); across two issue years → ${december.length} (created ${years.map((a) => a.body!.data!.created).join('+')})`,
    );
  });

  it('d) two payments of the full open balance of one invoice at once: paid once, one invoice.paid', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.manager);
    const { buildingId } = await buildingWith(t, 1);
    const generated = await call(auth, 'POST', '/invoices/generate-bulk', { buildingId, periodStart: '2026-05-01', periodEnd: '2026-05-31', issueDate: '2026-06-01' });
    const invoiceId = (generated.body!.data!.invoiceIds as string[])[0]!;
    expect((await call(auth, 'PATCH', `/invoices/${invoiceId}`, { status: 'sent' })).status).toBe(200);

    // Payments of an invoice are recorded by PATCH status paid (the open balance, or more as credit). paid → paid
    // is not a move of the contract, so whichever comes second is an illegal transition: 422.
    const answers = await Promise.all([
      call(auth, 'PATCH', `/invoices/${invoiceId}`, { status: 'paid', paidDate: '2026-06-05' }),
      call(auth, 'PATCH', `/invoices/${invoiceId}`, { status: 'paid', paidDate: '2026-06-06' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const [invoice] = await getDb().select().from(invoices).where(eq(invoices.id, invoiceId));
    const paid = await getDb().select().from(payments).where(eq(payments.invoiceId, invoiceId));
    expect(paid).toHaveLength(1);
    expect(invoice!.status).toBe('paid');
    expect(invoice!.amountPaid).toBe(invoice!.amount);
    expect(invoice!.amountPaid).toBe(paid.reduce((s, p) => s + p.amount, 0));
    expect((await eventsOf(t.tenantId, 'invoice.paid')).filter((e) => (e.data as { invoiceId: string }).invoiceId === invoiceId)).toHaveLength(1);
    expect(await eventsOf(t.tenantId, 'payment.received')).toHaveLength(1);

    // The same with an amount above the open balance: the surplus becomes credit once, not twice.
    const apartmentId = invoice!.apartmentId;
    const again = await call(auth, 'POST', '/invoices/generate-bulk', { buildingId, periodStart: '2026-06-01', periodEnd: '2026-06-30', issueDate: '2026-07-01' });
    const secondId = (again.body!.data!.invoiceIds as string[])[0]!;
    await call(auth, 'PATCH', `/invoices/${secondId}`, { status: 'sent' });
    const over = await Promise.all([
      call(auth, 'PATCH', `/invoices/${secondId}`, { status: 'paid', paidDate: '2026-07-02', amount: 60 }),
      call(auth, 'PATCH', `/invoices/${secondId}`, { status: 'paid', paidDate: '2026-07-02', amount: 60 }),
    ]);
    expect(over.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(await getDb().select().from(payments).where(eq(payments.invoiceId, secondId))).toHaveLength(1);
    expect(await creditBalance(apartmentId)).toBe(1000);
    console.log(`concurrency: 2 full payments of one invoice → ${paid.length} payment, status ${invoice!.status}, 1 invoice.paid; answers ${tally(answers)}; with surplus → credit 10.00 once`);
  });

  it('e) two imports of the same apartments CSV at once: each number exists once', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.manager);
    const { buildingId } = await buildingWith(t, 0);
    const csv = ['number,floor,area,rooms,residentsCount', ...Array.from({ length: 40 }, (_, i) => `${i + 1},${Math.floor(i / 4) + 1},${40 + i}.5,2,1`)].join('\n');
    const send = async () => {
      const res = await importRoute(
        new Request(`http://localhost/api/buildings/${buildingId}/apartments/import`, { method: 'POST', headers: { authorization: auth, 'content-type': 'text/csv' }, body: csv }),
        { params: Promise.resolve({ id: buildingId }) },
      );
      return { status: res.status, body: await res.json() };
    };
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const rows = await getDb().select().from(apartments).where(eq(apartments.buildingId, buildingId));
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.number)).size).toBe(40);
    // The counts tell what happened: one import created the forty, the other updated them.
    expect(answers.map((a) => `${a.body.data.created}/${a.body.data.updated}`).sort()).toEqual(['0/40', '40/0']);
    console.log(`concurrency: 2 imports of one 40-row CSV → ${rows.length} apartments; created/updated ${answers.map((a) => `${a.body.data.created}/${a.body.data.updated}`).join(' and ')}`);
  });

  it('f) two accepts of one invitation token at once: one account, one link, the other 404', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.manager);
    const { apartmentIds } = await buildingWith(t, 1);
    const email = `conc-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
    expect((await call(auth, 'POST', '/invitations', { email, apartmentId: apartmentIds[0] })).status).toBe(201);
    const token = await invitationToken(email);

    const answers = await Promise.all([
      call(null, 'POST', '/invitations/accept', { token, name: 'Mari', password: 'a long enough secret' }),
      call(null, 'POST', '/invitations/accept', { token, name: 'Mari M', password: 'another long secret' }),
    ]);
    // A used token is 404 (API.md), never 500 and never a second account.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    const accounts = await getDb().select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(accounts).toHaveLength(1);
    expect(await getDb().select().from(apartmentResidents).where(eq(apartmentResidents.apartmentId, apartmentIds[0]!))).toHaveLength(1);
    const [invitation] = await getDb().select().from(invitations).where(and(eq(invitations.tenantId, t.tenantId), eq(invitations.email, email)));
    expect(invitation).toMatchObject({ status: 'accepted', acceptedBy: accounts[0]!.id });

    // A person who has an account, twice at once with its password: linked once.
    const second = await buildingWith(t, 1);
    expect((await call(auth, 'POST', '/invitations', { email: t.resident.email, apartmentId: second.apartmentIds[0] })).status).toBe(201);
    const token2 = await invitationToken(t.resident.email);
    const linked = await Promise.all([0, 1].map(() => call(null, 'POST', '/invitations/accept', { token: token2, name: '', password: TEST_PASSWORD })));
    expect(linked.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await getDb().select().from(apartmentResidents).where(eq(apartmentResidents.apartmentId, second.apartmentIds[0]!))).toHaveLength(1);
    console.log(`concurrency: 2 accepts of one invitation → ${accounts.length} account, 1 resident link; answers ${tally(answers)}; existing account → ${tally(linked)}`);
  });

  it('g) two invitations of one person accepted at once as a new account: one account, never 500', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.manager);
    const { apartmentIds } = await buildingWith(t, 2);
    const email = `twice-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
    const tokens: string[] = [];
    for (const apartmentId of apartmentIds) {
      expect((await call(auth, 'POST', '/invitations', { email, apartmentId })).status).toBe(201);
      tokens.push(await invitationToken(email));
    }
    const accept = (token: string) => call(null, 'POST', '/invitations/accept', { token, name: 'Jaan', password: 'a long enough secret' });
    const answers = await Promise.all(tokens.map(accept));
    // Both come as a new person; one makes the account. The other, when it started before that account
    // existed, cannot be linked without its password being checked: 409, and its invitation stays pending.
    // (One that starts after the first finished is an existing account's accept: 200.)
    expect(answers.map((a) => a.status).sort()).toEqual(answers.some((a) => a.status === 409) ? [200, 409] : [200, 200]);
    const refused = tokens.filter((_, i) => answers[i]!.status === 409);
    for (const token of refused) expect((await accept(token)).status).toBe(200);
    const accounts = await getDb().select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(accounts).toHaveLength(1);
    const links = await getDb().select().from(apartmentResidents).where(eq(apartmentResidents.userId, accounts[0]!.id));
    expect(links.map((l) => l.apartmentId).sort()).toEqual([...apartmentIds].sort());
    console.log(`concurrency: 2 invitations of one new person accepted at once → ${accounts.length} account; answers ${tally(answers)}; the refused one accepted again → ${links.length} links`);
  });

  it('h) two identical POST /invitations at once (no key): one pending invitation, the other 409', async () => {
    const t = await makeTenant();
    const auth = await bearerFor(t.tenantId, t.manager);
    const { apartmentIds } = await buildingWith(t, 1);
    const email = `dup-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
    const answers = await Promise.all([0, 1].map(() => call(auth, 'POST', '/invitations', { email, apartmentId: apartmentIds[0] })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const pending = await getDb()
      .select()
      .from(invitations)
      .where(and(eq(invitations.tenantId, t.tenantId), eq(invitations.email, email), eq(invitations.status, 'pending')));
    expect(pending).toHaveLength(1);
    console.log(`concurrency: 2 identical invitations at once → ${pending.length} pending; answers ${tally(answers)}`);
  });
});
