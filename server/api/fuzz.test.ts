import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { apartmentResidents, invitations } from '@/db/schema';
import { sha256 } from '@/server/auth/resolve-caller';
import { createJob } from '@/server/jobs/progress';
import { createApartment } from '@/server/services/apartments/create-apartment';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { logIn } from '@/server/services/auth/log-in';
import { createBuilding } from '@/server/services/buildings/create-building';
import { importStatement } from '@/server/services/bank-statements/import-statement';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { createMaintenanceRequest } from '@/server/services/maintenance/create-request';
import { createMeter } from '@/server/services/meters/create-meter';
import { submitReading } from '@/server/services/readings/submit-reading';
import { storeUpload } from '@/server/services/uploads/store-upload';
import { createWebhook } from '@/server/services/webhooks/create-webhook';
import { sendTestWebhook } from '@/server/services/webhooks/send-test-webhook';
import { addPaymentDemand, addTeamInvitation, addUser, bearerFor, makeTenant, serviceContext, TEST_PASSWORD, type TestTenant, TINY_PNG } from '@/test/factories';
import { declaredStatuses, dispatch, dispatcherOf, type DocOp, entityOfParam, type Json, type MediaType, operations, pathValueOf, resolveRef, responseOf, type Schema, schemaProblems } from '@/test/openapi-doc';

/*
 * A property-based fuzz of every operation in the OpenAPI document (/api/openapi.json), dispatched in-process:
 * an operation is fuzzed the day it is documented. Each run picks a caller (a manager's bearer of a tenant
 * that owns one of each entity, no credentials, or a broken Authorization header), path parameters (the
 * tenant's ids, another tenant's, random UUIDs, junk text, raw %-sequences), query parameters (valid per
 * schema, wrong types, junk) and a body (generated from the requestBody schema with missing, extra and
 * wrongly typed fields, or junk: any JSON, deep nesting, numbers JSON cannot hold, NUL / lone surrogates /
 * RTL / emoji, wrong or no content type, an empty or oversized body; random bytes for multipart routes).
 * Every answer must be: below 500; a status the document declares for the operation; 401 for a protected
 * operation without valid credentials; the error envelope for 4xx (`errors[]` on 422) with the code of its
 * status; for 2xx the documented response schema; never 2xx for another tenant's id; free of stack frames
 * and SQL; with X-Request-Id.
 *
 * Runs per operation: FUZZ_RUNS, else 200.
 * Replay a failure with FUZZ_SEED (and FUZZ_PATH) from fast-check's report; FUZZ_VERBOSE=1 prints each
 * operation's statuses; FUZZ_SURVEY=1 lists every distinct problem instead of stopping at the first.
 */

// 200 runs per operation (~11,400 requests) take ~85 s on this 2-core box, on either engine.
const RUNS = Number(process.env.FUZZ_RUNS) || 200;
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const VERBOSE = process.env.FUZZ_VERBOSE === '1';
// FUZZ_SURVEY=1: no failing test; every distinct problem is collected and printed at the end instead.
const SURVEY = process.env.FUZZ_SURVEY === '1';

// ---------------------------------------------------------------------------------------------
// Fixtures: tenant A (fresh per operation, repaired when a run deletes part of it) and tenant B.

type EntityKey = 'buildingId' | 'apartmentId' | 'residentLinkId' | 'meterId' | 'readingId' | 'invoiceId' | 'invitationId' | 'requestId' | 'apiKeyId' | 'uploadId' | 'jobId' | 'webhookId' | 'deliveryId' | 'bankEntryId' | 'paymentDemandId' | 'teamMemberId' | 'teamInvitationId';
type Entities = Record<EntityKey, string>;
type FixtureKey = EntityKey | 'tenantId' | 'managerEmail' | 'adminEmail' | 'residentEmail' | 'password' | 'refreshToken' | 'invitationToken' | 'cursor';

/** A value taken from the fixtures when the request is sent (they change as runs delete things). */
class Ref {
  constructor(
    readonly key: FixtureKey,
    readonly tenant: 'A' | 'B' = 'A',
  ) {}
  [fc.toStringMethod](): string {
    return `ref(${this.key}${this.tenant === 'B' ? ", other tenant's" : ''})`;
  }
}

async function insertInvitation(t: TestTenant, apartmentId: string): Promise<{ invitationId: string; token: string }> {
  const token = `inv_fuzz_${randomUUID()}`;
  const [row] = await getDb()
    .insert(invitations)
    .values({ tenantId: t.tenantId, apartmentId, email: `invitee-${randomUUID().slice(0, 8)}@example.test`, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 7 * 86400_000), invitedBy: t.manager.userId })
    .returning();
  return { invitationId: row!.id, token };
}

async function addMeter(t: TestTenant, buildingId: string, apartmentId: string): Promise<Pick<Entities, 'meterId' | 'readingId'>> {
  const ctx = serviceContext(t.tenantId, t.manager);
  const meter = await createMeter({ ctx, input: { buildingId, apartmentId, type: 'cold_water', serialNumber: `FZ-${randomUUID().slice(0, 8)}` } });
  const reading = await submitReading({ ctx: serviceContext(t.tenantId, t.resident), input: { meterId: meter.id, value: 12 } });
  return { meterId: meter.id, readingId: reading.id };
}

async function addWebhook(t: TestTenant): Promise<Pick<Entities, 'webhookId' | 'deliveryId'>> {
  const ctx = serviceContext(t.tenantId, t.manager);
  // An endpoint the sender never reaches (no network here) with one queued test delivery.
  const webhook = await createWebhook({ ctx, input: { url: 'https://hooks.fuzz.invalid/in', events: ['invoice.paid'] } });
  const { deliveryId } = await sendTestWebhook({ ctx, input: { id: webhook.id } });
  return { webhookId: webhook.id, deliveryId };
}

async function addResidentLink(t: TestTenant, apartmentId: string): Promise<string> {
  const [link] = await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId, userId: t.resident.userId }).returning();
  return link!.id;
}

/** A statement entry nothing matches: it waits in the unmatched queue. */
async function addBankEntry(t: TestTenant): Promise<string> {
  const csv = `date,amount,currency,payer,reference,description,transactionId\n2026-01-15,12.34,EUR,Nobody,,fuzz,FZ-${randomUUID()}\n`;
  const result = await importStatement({ ctx: serviceContext(t.tenantId, t.manager), input: { bytes: new TextEncoder().encode(csv), kind: 'csv' } });
  return result.unmatchedEntries[0]!.id;
}

/** One of each entity in the tenant. */
async function populate(t: TestTenant): Promise<Entities> {
  const ctx = serviceContext(t.tenantId, t.manager);
  const building = await createBuilding({ ctx, input: { name: 'Fuzz house', address: 'Fuzz 1', chargeRules: [{ name: 'Maintenance', basis: 'area', unitPrice: 1.5 }] } });
  const apartment = await createApartment({ ctx, input: { buildingId: building.id, number: '1', area: 50 } });
  const residentLinkId = await addResidentLink(t, apartment.id);
  const meter = await addMeter(t, building.id, apartment.id);
  const generated = await generateInvoices({ ctx, input: { buildingId: building.id, periodStart: '2026-01-01', periodEnd: '2026-01-31' } });
  const { invitationId } = await insertInvitation(t, apartment.id);
  const request = await createMaintenanceRequest({ ctx: serviceContext(t.tenantId, t.resident), input: { apartmentId: apartment.id, title: 'Dripping tap', description: 'Kitchen' } });
  const apiKey = await createApiKey({ ctx, input: { name: 'Fuzz key' } });
  const upload = await storeUpload({ ctx: serviceContext(t.tenantId, t.resident), input: { bytes: TINY_PNG } });
  // A job row without a queued function run: nothing in the background changes it.
  const job = await createJob({ tenantId: t.tenantId, kind: 'invoice.send', total: 0 });
  return {
    buildingId: building.id,
    apartmentId: apartment.id,
    residentLinkId,
    ...meter,
    invoiceId: generated.invoiceIds[0]!,
    invitationId,
    requestId: request.id,
    apiKeyId: apiKey.id,
    uploadId: upload.id,
    jobId: job.id,
    ...(await addWebhook(t)),
    bankEntryId: await addBankEntry(t),
    paymentDemandId: await addPaymentDemand(t.tenantId, building.id, apartment.id),
    teamMemberId: (await addUser(t.tenantId, 'manager')).userId,
    teamInvitationId: await addTeamInvitation(t.tenantId),
  };
}

/** Re-creates one entity a run deleted; entities without a recipe here mean a fresh set. */
const RECREATE: Partial<Record<EntityKey, (t: TestTenant, ids: Entities) => Promise<Partial<Entities>>>> = {
  apiKeyId: async (t) => ({ apiKeyId: (await createApiKey({ ctx: serviceContext(t.tenantId, t.manager), input: { name: 'Fuzz key' } })).id }),
  residentLinkId: async (t, ids) => ({ residentLinkId: await addResidentLink(t, ids.apartmentId) }),
  invitationId: async (t, ids) => ({ invitationId: (await insertInvitation(t, ids.apartmentId)).invitationId }),
  meterId: (t, ids) => addMeter(t, ids.buildingId, ids.apartmentId),
  readingId: (t, ids) => addMeter(t, ids.buildingId, ids.apartmentId),
  webhookId: (t) => addWebhook(t),
  deliveryId: (t) => addWebhook(t),
  teamMemberId: async (t) => ({ teamMemberId: (await addUser(t.tenantId, 'manager')).userId }),
  teamInvitationId: async (t) => ({ teamInvitationId: await addTeamInvitation(t.tenantId) }),
};

class World {
  A!: TestTenant;
  B!: TestTenant;
  a!: Entities;
  b!: Entities;
  private bearer: string | null = null;
  private refreshToken: string | null = null;
  private invitationToken: string | null = null;
  private cursor = '';
  private otherRefreshToken: string | null = null;
  private stale = new Set<EntityKey>();

  async setUpOther(): Promise<void> {
    this.B = await makeTenant('Fuzz B');
    this.b = await populate(this.B);
  }

  /** A new tenant A for the next operation: its own rows and its own manager (the API rate limit is per user). */
  async freshTenant(): Promise<void> {
    this.A = await makeTenant('Fuzz A');
    this.a = await populate(this.A);
    this.bearer = null;
    this.refreshToken = null;
    this.invitationToken = null;
    this.cursor = '';
    this.stale.clear();
  }

  async managerBearer(): Promise<string> {
    this.bearer ??= await bearerFor(this.A.tenantId, this.A.manager);
    return this.bearer;
  }

  async resolve(ref: Ref): Promise<string> {
    const t = ref.tenant === 'A' ? this.A : this.B;
    switch (ref.key) {
      case 'tenantId':
        return t.tenantId;
      case 'managerEmail':
        return t.manager.email;
      case 'adminEmail':
        return t.admin.email;
      case 'residentEmail':
        return t.resident.email;
      case 'password':
        return TEST_PASSWORD;
      case 'refreshToken':
        if (ref.tenant === 'B') {
          this.otherRefreshToken ??= (await logIn({ db: getDb(), now: new Date(), input: { email: this.B.admin.email, password: TEST_PASSWORD } })).refreshToken;
          return this.otherRefreshToken;
        }
        this.refreshToken ??= (await logIn({ db: getDb(), now: new Date(), input: { email: this.A.admin.email, password: TEST_PASSWORD } })).refreshToken;
        return this.refreshToken;
      case 'cursor':
        return this.cursor;
      case 'invitationToken':
        if (ref.tenant === 'B') return (await insertInvitation(this.B, this.b.apartmentId)).token;
        this.invitationToken ??= (await insertInvitation(this.A, this.a.apartmentId)).token;
        return this.invitationToken;
      default:
        return (ref.tenant === 'A' ? this.a : this.b)[ref.key];
    }
  }

  /** Before a run: put back what earlier runs deleted. */
  async repair(): Promise<void> {
    if (this.stale.size === 0) return;
    const keys = [...this.stale];
    this.stale.clear();
    if (keys.some((k) => !RECREATE[k])) {
      this.a = await populate(this.A);
      this.invitationToken = null;
      return;
    }
    for (const key of keys) this.a = { ...this.a, ...(await RECREATE[key]!(this.A, this.a)) };
  }

  /** After a run: what its success used up. */
  settle(op: DocOp, c: Case, status: number, body: unknown): void {
    if (status < 200 || status >= 300) return;
    // The last page cursor seen, for the next list call.
    const nextCursor = (body as { nextCursor?: unknown } | null)?.nextCursor;
    if (typeof nextCursor === 'string') this.cursor = nextCursor;
    const last = op.pathParams.at(-1);
    if (op.method === 'delete' && last && c.path[last]?.kind === 'own') {
      const entity = entityOfParam(op, last);
      if (entity) this.stale.add(entity);
    }
    // Signing out ends the caller's session and the one of a refresh token in the body.
    if (op.path.endsWith('/logout')) {
      this.bearer = null;
      this.refreshToken = null;
    }
    if (op.path.endsWith('/accept')) this.invitationToken = null;
    // A rotated refresh token replaces the one used.
    const data = (body as { data?: { refreshToken?: unknown } } | null)?.data;
    if (typeof data?.refreshToken === 'string' && op.path.endsWith('/refresh')) this.refreshToken = data.refreshToken;
  }
}

// ---------------------------------------------------------------------------------------------
// What a run sends, as generated (fixture values as Refs) and as the Request built from it.

type Val = string | Ref;
type PathArg = { kind: 'own' } | { kind: 'other' } | { kind: 'uuid' | 'text' | 'raw'; value: string };
type QueryArg = { name: string; value: Val } | { raw: string };
type FilePayload = 'tiny-png' | Uint8Array;
type Part = { name: string; value: Val } | { name: string; file: FilePayload; type: string; filename: string };
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string | null }
  | { kind: 'text'; text: string; contentType: string | null }
  | { kind: 'bytes'; bytes: Uint8Array; contentType: string | null }
  | { kind: 'huge'; bytes: number; contentType: string | null }
  | { kind: 'form'; parts: Part[] }
  | { kind: 'huge-form'; name: string; bytes: number };
type Caller = 'manager' | 'none' | { header: string };
type Case = { caller: Caller; path: Record<string, PathArg>; query: QueryArg[]; body: Body; ip: string; idempotencyKey: string | null };

async function resolveDeep(value: unknown, world: World): Promise<unknown> {
  if (value instanceof Ref) return world.resolve(value);
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolveDeep(v, world)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await resolveDeep(v, world);
    return out;
  }
  return value;
}

/** Percent-encodes text for a URL; lone surrogates as their (invalid) three UTF-8-style bytes. */
function encodeText(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) out += [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

function tryDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type Built = { request: Request; params: Record<string, string>; describe: string; otherTenant: boolean };

async function build(op: DocOp, c: Case, world: World): Promise<Built> {
  const params: Record<string, string> = {};
  let otherTenant = false;
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const arg = c.path[name]!;
    let segment: string;
    if (arg.kind === 'own' || arg.kind === 'other') {
      const entity = entityOfParam(op, name);
      otherTenant ||= arg.kind === 'other' && !!entity;
      segment = entity ? encodeURIComponent((arg.kind === 'own' ? world.a : world.b)[entity]) : (pathValueOf(op, name) ?? randomUUID());
    } else if (arg.kind === 'raw') segment = arg.value;
    else segment = encodeText(arg.value);
    // A dot segment would change the route rather than the parameter.
    if (segment === '' || segment === '.' || segment === '..') segment = `${segment}x`;
    params[name] = tryDecode(segment);
    return segment;
  });
  const query: string[] = [];
  for (const q of c.query) {
    if ('raw' in q) query.push(q.raw);
    else {
      const value = q.value instanceof Ref ? await world.resolve(q.value) : q.value;
      // No page seen yet: leave the cursor out rather than send an empty one.
      if (q.value instanceof Ref && q.value.key === 'cursor' && value === '') continue;
      query.push(`${encodeText(q.name)}=${encodeText(value)}`);
    }
  }
  const url = `http://localhost/api${path}${query.length ? `?${query.join('&')}` : ''}`;

  const headers: Record<string, string> = { 'x-forwarded-for': c.ip };
  let callerText = 'no credentials';
  if (c.caller === 'manager') {
    headers['authorization'] = await world.managerBearer();
    callerText = "the tenant manager's bearer";
  } else if (typeof c.caller === 'object') {
    headers['authorization'] = c.caller.header;
    callerText = `Authorization: ${JSON.stringify(c.caller.header.length > 60 ? `${c.caller.header.slice(0, 60)}…` : c.caller.header)}`;
  }
  if (c.idempotencyKey !== null) headers['idempotency-key'] = c.idempotencyKey;

  let body: BodyInit | undefined;
  let bodyText = '';
  const b = c.body;
  const setType = (type: string | null) => {
    if (type !== null) headers['content-type'] = type;
  };
  switch (b.kind) {
    case 'none':
      break;
    case 'json':
      body = JSON.stringify(await resolveDeep(b.value, world));
      bodyText = body;
      setType(b.contentType);
      break;
    case 'text':
      body = b.text;
      bodyText = b.text;
      setType(b.contentType);
      break;
    case 'bytes':
      body = b.bytes as Uint8Array<ArrayBuffer>;
      bodyText = `<${b.bytes.length} bytes: ${Buffer.from(b.bytes.slice(0, 40)).toString('hex')}…>`;
      setType(b.contentType);
      break;
    case 'huge':
      body = `{"a":"${'x'.repeat(b.bytes)}"}`;
      bodyText = `<a JSON body of ${b.bytes + 8} bytes>`;
      setType(b.contentType);
      break;
    case 'form': {
      const form = new FormData();
      const shown: string[] = [];
      for (const part of b.parts) {
        if ('file' in part) {
          const bytes = part.file === 'tiny-png' ? TINY_PNG : part.file;
          form.append(part.name, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: part.type }), part.filename);
          shown.push(`${part.name}=<file ${JSON.stringify(part.filename)} ${JSON.stringify(part.type)}, ${part.file === 'tiny-png' ? 'a 1×1 PNG' : `${bytes.length} bytes ${Buffer.from(bytes.slice(0, 16)).toString('hex')}`}>`);
        } else {
          const value = part.value instanceof Ref ? await world.resolve(part.value) : part.value;
          form.append(part.name, value);
          shown.push(`${part.name}=${JSON.stringify(value)}`);
        }
      }
      body = form;
      bodyText = `multipart(${shown.join(', ')})`;
      break;
    }
    case 'huge-form': {
      const form = new FormData();
      form.append(b.name, new Blob([new Uint8Array(b.bytes)], { type: 'image/png' }), 'huge.png');
      body = form;
      bodyText = `multipart(${b.name}=<file of ${b.bytes} bytes>)`;
      break;
    }
  }
  const method = op.method.toUpperCase();
  const request = new Request(url, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body });
  // As sent: fetch adds a content-type of its own to a string or form body without one.
  const shownHeaders = [...request.headers]
    .filter(([k]) => k !== 'authorization')
    .map(([k, v]) => `${k}: ${v.length > 80 ? `${v.slice(0, 80)}…` : v}`);
  const clipped = bodyText.length > 600 ? `${bodyText.slice(0, 600)}… (${bodyText.length} chars)` : bodyText;
  const describe = `${method} ${url.slice('http://localhost'.length, 400)}${url.length > 400 ? '…' : ''} as ${callerText} [${shownHeaders.join('; ')}]${clipped ? ` body ${JSON.stringify(clipped)}` : ''}`;
  return { request, params, describe, otherTenant };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries generated from the document.

const INTERESTING_STRINGS = [
  '', ' ', '\t', '\r\n', 'a\u0000b', '\u0000', '\ud800', 'x\udc00y', '\udbff\udfff', '\u202eevil\u202c', 'مرحبا', 'שָׁלוֹם', '😀', '👩‍👩‍👧‍👦', 'e\u0301',
  '\ufeffbom', '\u200b', '%00', '%s%n%x', "' OR '1'='1", '"; --', '\\', '<script>alert(1)</script>', '${7*7}', '{{7*7}}', 'null', 'undefined', 'NaN', '-0',
  '1e308', 'true', '[]', '{}', '..', '../../etc/passwd', 'ǅ', 'ß', 'İ', '١٢٣', 'x'.repeat(10_000), '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'.repeat(300),
];
const RAW_NUMBERS = ['1e308', '-1e308', '1e309', '-0', '-0.0', 'NaN', 'Infinity', '-Infinity', '0x10', '1.0000000000000001', '123456789012345678901234567890', '.5', '5.', '+1', '00012', '1e-400', '4.9e-324', '"12"', 'true', 'null', '[1]', '"\\u0000"', '"\\ud800"'];
const RAW_SEGMENTS = ['%', '%zz', '%c0%af', '%00', 'a%00b', '%ED%A0%80', '%FF', '%E2%82', '%2F', 'a%2Fb', '%5C', '%25', '%0A', '%0d%0a', '%u0041', ';', '%3B', '@', '~', "'", '*', '%20', '+', 'x'.repeat(10_000)];
const RAW_QUERIES = ['constructor=1', 'toString=x', 'x=%00', '%zz', 'a=%c0%af', 'limit=%00', '&&', '=', '=x', 'x=%ED%A0%80', `cursor=${'A'.repeat(600)}`, 'limit', 'limit=1&limit=2', '%FF=1', 'a[b]=1', '__proto__=1'];
const WEIRD_BODIES = [
  '', ' ', '\n', 'null', 'true', '0', '"x"', '[]', '[{}]', '{', '}', '{"a":1', '{"a":1}x', '{"a":1}{"b":2}', '\ufeff{}', '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}', '{"a":1,"a":2}', "{'a':1}", '{a:1}', '{"a":"\\x41"}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '/* */{}', 'a=1&b=2', '<xml/>',
];
const JUNK_AUTH = ['Bearer', 'Bearer ', 'Bearer x', 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'Basic dXNlcjpwYXNz', 'Bearer pbk_', `Bearer pbk_${'A'.repeat(40)}`, 'pbk_x', 'Token abc', `Bearer ${'x'.repeat(5000)}`];
const EVENTS = ['invoice.created', 'invoice.sent', 'invoice.paid', 'invoice.overdue', 'payment.received', 'reading.submitted', 'reading.confirmed', 'maintenance.created', 'maintenance.updated'];

/** Fixture values a field of this name can take. */
const NAME_REFS: Record<string, FixtureKey[]> = {
  buildingId: ['buildingId'],
  apartmentId: ['apartmentId'],
  meterId: ['meterId'],
  readingId: ['readingId'],
  readingIds: ['readingId'],
  invoiceId: ['invoiceId'],
  invoiceIds: ['invoiceId'],
  photoId: ['uploadId'],
  photoIds: ['uploadId'],
  deliveryId: ['deliveryId'],
  tenantId: ['tenantId'],
  email: ['managerEmail', 'adminEmail', 'residentEmail'],
  password: ['password'],
  refreshToken: ['refreshToken'],
  token: ['invitationToken'],
  cursor: ['cursor'],
};

/** Values for fields the schema leaves as plain strings: ones the contract accepts (clean) and near misses (wild). */
const NAME_STRINGS: Record<string, { clean: string[]; wild: string[] }> = {
  url: {
    clean: ['https://hooks.fuzz.invalid/in', 'https://hooks.fuzz.invalid/in?x=1', 'https://a.fuzz.invalid/'],
    wild: ['http://hooks.fuzz.invalid/in', 'https://127.0.0.1/in', 'https://[::1]/in', 'https://10.0.0.1/in', 'https://169.254.169.254/latest', 'https://localhost/in', 'ftp://hooks.fuzz.invalid', 'javascript:alert(1)', 'https://', 'not a url', 'https://user:pass@hooks.fuzz.invalid/'],
  },
  events: { clean: EVENTS, wild: ['invoice.*', 'INVOICE.PAID', 'unknown.event', ''] },
  country: { clean: ['EE', 'LV', 'FI'], wild: ['XX', 'ee', 'E'] },
  currency: { clean: ['EUR'], wild: ['USD', 'XXX', 'eur', 'EU'] },
  iban: { clean: ['EE382200221020145685'], wild: ['EE382200221020145686', 'GB82WEST12345698765432', 'EE38 2200 2210 2014 5685', 'not an iban'] },
  invoicePrefix: { clean: ['INV-', 'A', 'ABCDEFGHIJ', 'B-'], wild: ['a b', 'ÄÖ-', '-', 'INV_', 'ABCDEFGHIJK'] },
  number: { clean: ['1', '2', '10', 'A-1', '007'], wild: [] },
  overdue: { clean: ['true', 'false'], wild: ['1', '0', 'yes', 'TRUE'] },
};

const oneof = <T>(...choices: Array<[number, fc.Arbitrary<T>]>): fc.Arbitrary<T> => fc.oneof(...choices.map(([weight, arbitrary]) => ({ weight, arbitrary })));

const refArb = (keys: FixtureKey[]) => oneof<Ref>([5, fc.constantFrom(...keys).map((k) => new Ref(k))], [1, fc.constantFrom(...keys).map((k) => new Ref(k, 'B'))]);
const uuidLike = fc.uuid().chain((u) => fc.constantFrom(u, u.toUpperCase(), u.replace(/-/g, ''), `${u}x`, ` ${u}`, `{${u}}`, u.slice(0, 35)));
const junkSegment = oneof<string>([4, fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 })], [2, fc.string({ unit: 'binary', minLength: 1, maxLength: 20 })], [2, fc.constantFrom(...INTERESTING_STRINGS)], [1, fc.integer().map(String)], [2, uuidLike]);

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 10 }),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

const dateArb = oneof<string>(
  [6, fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10))],
  [2, fc.constantFrom('2026-01-01', '2026-01-31', '2026-02-28', '2028-02-29', '2026-12-31', '0001-01-01', '9999-12-31')],
  [1, fc.constantFrom('2026-02-30', '2026-13-01', '2026-00-10', '0000-00-00', '26-1-1', '2026-1-1', '2026-01-01T00:00:00Z', '2026/01/01', '+02026-01-01', '2026-01-01 ')],
);
const dateTimeArb = oneof<string>(
  [6, fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString())],
  [1, fc.constantFrom('2026-01-15T10:00:00Z', '2026-01-15T10:00:00+02:00', '2026-01-15', '2026-02-30T00:00:00.000Z', '2026-01-15T24:00:00.000Z', '+275760-09-13T00:00:00.000Z', 'now')],
);
const cleanDateArb = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2026-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const cleanEmailArb = fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/).map((local) => `fuzz-${local}@example.test`);
const emailArb = oneof<string>([4, fc.emailAddress()], [1, fc.constantFrom('a@b', 'no-at-sign', 'A@EXAMPLE.TEST', ' padded@example.test ', 'x@localhost', `${'a'.repeat(320)}@example.test`)]);

/**
 * `clean`: values a well-meaning client sends (the schema's types, required fields present, plausible
 * numbers, fixture ids), so that runs get past validation; `wild`: anything of the type and beyond
 * (boundaries, NUL, lone surrogates, huge numbers), and wrong types mixed in at every level.
 */
type Mode = 'clean' | 'wild';

function stringArb(s: Schema, name: string | undefined, mode: Mode): fc.Arbitrary<unknown> {
  const refs = name ? NAME_REFS[name] : undefined;
  const hints = name ? NAME_STRINGS[name] : undefined;
  const max = typeof s.maxLength === 'number' ? s.maxLength : 60;
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const choices: Array<[number, fc.Arbitrary<unknown>]> = [];
  const wild = mode === 'wild';
  if (s.format === 'binary') return fc.string({ maxLength: 20 });
  if (s.format === 'uuid') {
    choices.push([3, fc.uuid()], [wild ? 4 : 12, refArb(refs ?? ['buildingId', 'apartmentId', 'meterId', 'invoiceId', 'uploadId'])]);
    if (wild) choices.push([1, uuidLike]);
  } else if (s.format === 'date') choices.push([8, wild ? dateArb : cleanDateArb]);
  else if (s.format === 'date-time') choices.push([8, wild ? dateTimeArb : cleanDateArb.map((d) => `${d}T10:00:00.000Z`)]);
  else if (s.format === 'email' || name === 'email') choices.push([4, wild ? emailArb : cleanEmailArb]);
  else if (wild) {
    choices.push([4, fc.string({ minLength: min, maxLength: Math.min(max, 30) })], [2, fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 30) })]);
    if (max < 100_000) choices.push([1, fc.constantFrom(max, max + 1).map((n) => 'x'.repeat(n))]);
  } else choices.push([4, fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: Math.max(Math.min(max, 20), 1) })]);
  if (refs && s.format !== 'uuid') choices.push([wild ? 6 : 12, refArb(refs)]);
  if (hints) {
    choices.push([wild ? 4 : 12, fc.constantFrom(...hints.clean)]);
    if (wild && hints.wild.length) choices.push([4, fc.constantFrom(...hints.wild)]);
  }
  if (wild) choices.push([1, fc.constantFrom(...INTERESTING_STRINGS)]);
  return oneof(...choices);
}

function integerArb(s: Schema, mode: Mode): fc.Arbitrary<number> {
  const low = typeof s.minimum === 'number' ? s.minimum : -Infinity;
  const high = typeof s.maximum === 'number' ? s.maximum : Infinity;
  if (mode === 'clean') return fc.integer({ min: Math.max(0, low), max: Math.max(Math.max(0, low), Math.min(31, high)) });
  return oneof<number>(
    [6, fc.integer({ min: Math.max(-3, low), max: Math.min(400, high) })],
    [2, fc.constantFrom(0, -1, 1, 13, 14, 31, 32, 168, 169, 200, 201, 365, 366, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e21, 1e308)],
    [1, fc.integer()],
    [1, fc.double({ min: -1000, max: 1000, noNaN: true })],
  );
}

function numberArb(mode: Mode): fc.Arbitrary<number> {
  if (mode === 'clean') return fc.integer({ min: 1, max: 100_000 }).map((n) => n / 100);
  return oneof<number>(
    [5, fc.integer({ min: 0, max: 100_000 }).map((n) => n / 100)],
    [2, fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true })],
    [2, fc.constantFrom(0, -0.01, 0.001, 0.005, 0.015, 1.2345, 12.34567, 1e-7, 5e-324, 99999999999.99, 1e11, -1e11, 1e15, 1e308, -1e308, 2 ** 53, 50)],
  );
}

/** A value for the schema; in `wild` mode wrong types are mixed in at every level. */
function schemaArb(schemaOrRef: unknown, name: string | undefined, mode: Mode, depth = 0): fc.Arbitrary<unknown> {
  const valid = validArb(schemaOrRef, name, mode, depth);
  return mode === 'clean' ? valid : oneof<unknown>([14, valid], [1, wrongType]);
}

function validArb(schemaOrRef: unknown, name: string | undefined, mode: Mode, depth = 0): fc.Arbitrary<unknown> {
  const s = resolveRef<Schema>(schemaOrRef ?? {});
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) {
    const values = s.enum as Json[];
    if (mode === 'clean') return fc.constantFrom(...values);
    return oneof<unknown>([8, fc.constantFrom(...values)], [1, fc.constantFrom('', 'unknown', ...values.map((v) => String(v).toUpperCase()), ...values.map((v) => ` ${String(v)}`))]);
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches)) return fc.oneof(...branches.map((b) => validArb(b, name, mode, depth + 1)));
  }
  if (Array.isArray(s.allOf)) return fc.tuple(...s.allOf.map((b) => validArb(b, name, mode, depth + 1))).map((parts) => Object.assign({}, ...parts.filter((p) => p && typeof p === 'object')));
  const types = s.type === undefined ? (s.properties ? ['object'] : []) : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'object':
          return objectArb(s, mode, depth);
        case 'array': {
          const minItems = typeof s.minItems === 'number' ? s.minItems : 0;
          const maxItems = typeof s.maxItems === 'number' ? s.maxItems : Infinity;
          const items = schemaArb(s.items ?? {}, name, mode, depth + 1);
          if (mode === 'clean') return fc.array(items, { minLength: Math.max(minItems, 1), maxLength: Math.max(Math.min(maxItems, 3), 1) });
          const arrays = fc.array(items, { minLength: 0, maxLength: Math.min(maxItems, 4) });
          return maxItems <= 25 ? oneof<unknown[]>([12, arrays], [1, fc.array(items, { minLength: maxItems + 1, maxLength: maxItems + 1 })]) : arrays;
        }
        case 'integer':
          return integerArb(s, mode);
        case 'number':
          return numberArb(mode);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        default:
          return stringArb(s, name, mode);
      }
    }),
  );
}

const OMIT = Symbol('omit');

function objectArb(s: Schema, mode: Mode, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries((s.properties ?? {}) as Record<string, Json>);
  const required = new Set((Array.isArray(s.required) ? s.required : []) as string[]);
  const fields = props.map(([key, schema]) => {
    const present = schemaArb(schema, key, mode, depth + 1).map((v) => [key, v] as [string, unknown]);
    if (mode === 'clean') return required.has(key) ? present : oneof<[string, unknown] | typeof OMIT>([1, present], [2, fc.constant(OMIT)]);
    return oneof<[string, unknown] | typeof OMIT>([required.has(key) ? 12 : 5, present], [required.has(key) ? 1 : 5, fc.constant(OMIT)]);
  });
  const extra = mode === 'clean' ? fc.constant({}) : oneof<Record<string, unknown>>([6, fc.constant({})], [1, fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })]);
  return fc.tuple(fc.tuple(...fields), extra).map(([entries, more]) => ({ ...more, ...Object.fromEntries(entries.filter((e): e is [string, unknown] => e !== OMIT)) }));
}

const callerArb: fc.Arbitrary<Caller> = oneof<Caller>([8, fc.constant('manager' as const)], [1, fc.constant('none' as const)], [1, fc.constantFrom(...JUNK_AUTH).map((header) => ({ header }))]);

const pathArgArb: fc.Arbitrary<PathArg> = oneof<PathArg>(
  [8, fc.constant({ kind: 'own' as const })],
  [2, fc.constant({ kind: 'other' as const })],
  [3, fc.uuid().map((value) => ({ kind: 'uuid' as const, value }))],
  [3, junkSegment.map((value) => ({ kind: 'text' as const, value }))],
  [2, fc.constantFrom(...RAW_SEGMENTS).map((value) => ({ kind: 'raw' as const, value }))],
);

const asQueryValue = (v: unknown): Val => (v instanceof Ref || typeof v === 'string' ? v : JSON.stringify(v) ?? '');

function queryArb(op: DocOp): fc.Arbitrary<QueryArg[]> {
  const params = op.params.filter((p) => p.in === 'query');
  const valueArb = (schema: Schema | undefined, name: string) =>
    oneof<Val>(
      [8, validArb(schema ?? {}, name, 'clean').map(asQueryValue)],
      [2, validArb(schema ?? {}, name, 'wild').map(asQueryValue)],
      [1, fc.constantFrom('', 'abc', '-1', '0', '1.5', '1e3', '201', 'true', 'null', '[]', '{}', ' 1', '0x10', '١٢')],
      [1, junkSegment],
    );
  const each = params.map((p) =>
    oneof<QueryArg[]>(
      [p.required ? 1 : 6, fc.constant([])],
      [12, valueArb(p.schema, p.name).map((value) => [{ name: p.name, value }])],
      [1, fc.tuple(valueArb(p.schema, p.name), valueArb(p.schema, p.name)).map(([a, b]) => [{ name: p.name, value: a }, { name: p.name, value: b }])],
    ),
  );
  const extra = oneof<QueryArg[]>([16, fc.constant([])], [1, fc.tuple(junkSegment, junkSegment).map(([name, value]) => [{ name, value }])], [1, fc.constantFrom(...RAW_QUERIES).map((raw) => [{ raw }])]);
  return fc.tuple(fc.tuple(...each), extra).map(([parts, more]) => [...parts.flat(), ...more]);
}

const jsonContentType = oneof<string | null>(
  [20, fc.constant('application/json')],
  [2, fc.constantFrom('application/json; charset=utf-8', 'Application/JSON', 'application/problem+json', 'application/json;charset=latin1')],
  [2, fc.constantFrom(null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonx', 'text/json', '*/*', '')],
);

const deepText = fc.record({ depth: fc.integer({ min: 20, max: 60 }), kind: fc.constantFrom('array', 'object', 'inside') }).map(({ depth, kind }): Body => {
  const nest = (open: string, close: string) => `${open.repeat(depth)}1${close.repeat(depth)}`;
  const text = kind === 'array' ? nest('[', ']') : kind === 'object' ? nest('{"a":', '}') : `{"name":${nest('[', ']')}}`;
  return { kind: 'text', text, contentType: 'application/json' };
});

function rawNumberBody(schema: Schema): fc.Arbitrary<Body> {
  const names = Object.keys((schema.properties ?? {}) as object);
  return fc.record({ name: names.length ? fc.constantFrom(...names) : fc.constant('value'), token: fc.constantFrom(...RAW_NUMBERS), rest: validArb(schema, undefined, 'clean') }).map(({ name, token, rest }): Body => {
    const others = rest && typeof rest === 'object' && !Array.isArray(rest) && !(rest instanceof Ref) ? JSON.stringify(Object.fromEntries(Object.entries(rest).filter(([k]) => k !== name).filter(([, v]) => !(v instanceof Ref)))) : '{}';
    return { kind: 'text', text: `{"${name}":${token}${others === '{}' ? '}' : `,${others.slice(1)}`}`, contentType: 'application/json' };
  });
}

function jsonBodyArb(schemaOrRef: unknown): fc.Arbitrary<Body> {
  const schema = resolveRef<Schema>(schemaOrRef ?? {});
  return oneof<Body>(
    [30, validArb(schema, undefined, 'clean').map((value) => ({ kind: 'json', value, contentType: 'application/json' }))],
    [30, fc.record({ value: schemaArb(schema, undefined, 'wild'), contentType: jsonContentType }).map(({ value, contentType }) => ({ kind: 'json', value, contentType }))],
    [4, fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json', value, contentType: 'application/json' }))],
    [2, deepText],
    [4, rawNumberBody(schema)],
    [3, fc.constantFrom(...WEIRD_BODIES).map((text) => ({ kind: 'text', text, contentType: 'application/json' }))],
    [1, fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ kind: 'bytes', bytes, contentType: 'application/json' }))],
    [1, fc.constant({ kind: 'bytes' as const, bytes: new Uint8Array([0xff, 0xfe, 0x7b, 0, 0x7d, 0]), contentType: 'application/json; charset=utf-16' })],
    [2, fc.constant({ kind: 'none' as const })],
    [1, fc.constant({ kind: 'huge' as const, bytes: 1024 * 1024, contentType: 'application/json' })],
  );
}

/** No body is documented (POST without input, DELETE): mostly none, sometimes junk. */
const noBodyArb = oneof<Body>(
  [8, fc.constant({ kind: 'none' as const })],
  [1, fc.jsonValue({ maxDepth: 2 }).map((value) => ({ kind: 'json', value, contentType: 'application/json' }))],
  [1, fc.constantFrom(...WEIRD_BODIES).map((text) => ({ kind: 'text', text, contentType: 'application/json' }))],
  [1, fc.record({ text: fc.string({ maxLength: 30 }), contentType: fc.constantFrom(null, 'text/plain', 'application/xml') }).map(({ text, contentType }) => ({ kind: 'text', text, contentType }))],
);

const MAGIC = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
  webp: [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  heic: [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63],
};

const csvCell = oneof<string>([4, fc.integer({ min: -5, max: 500 }).map(String)], [2, fc.constantFrom('', '45.5', '45,5', '1e308', 'NaN', '-1', '"1,2"', 'x', '\u0000', '😀', '"', '=1+1')], [1, fc.string({ maxLength: 8 })]);
const csvText = fc
  .record({
    header: fc.constantFrom('number,floor,area,rooms,residentsCount', 'number,area', 'number;area', 'foo,bar', '', 'number,floor,area,rooms,residentsCount,extra', '\ufeffnumber,area'),
    rows: fc.array(fc.array(csvCell, { minLength: 1, maxLength: 6 }).map((cells) => cells.join(',')), { maxLength: 5 }),
    eol: fc.constantFrom('\n', '\r\n', '\r'),
  })
  .map(({ header, rows, eol }) => [header, ...rows].join(eol));

const cleanCsv = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })), { minLength: 1, maxLength: 4 })
  .map((rows) => ['number,floor,area,rooms,residentsCount', ...rows.map(([n, floor, area, rooms, people]) => `${n},${floor},${area / 100},${rooms},${people}`)].join('\n'));

const fileBytes = oneof<FilePayload>(
  [3, fc.constant('tiny-png' as const)],
  [3, fc.uint8Array({ maxLength: 2048 })],
  [2, fc.tuple(fc.constantFrom(...Object.values(MAGIC)), fc.uint8Array({ maxLength: 512 })).map(([magic, rest]) => Uint8Array.from([...magic, ...rest]))],
  [2, oneof<string>([1, csvText], [1, cleanCsv]).map((text) => new TextEncoder().encode(text))],
  [1, fc.constant(new Uint8Array())],
);

function multipartBodyArb(op: DocOp): fc.Arbitrary<Body> {
  const content = op.operation.requestBody?.content ?? {};
  const types = Object.keys(content);
  const multipart = types.find((t) => t.startsWith('multipart/'));
  const schema = resolveRef<Schema>((multipart ? content[multipart]?.schema : undefined) ?? {});
  const props = Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([name, p]) => [name, resolveRef<Schema>(p)] as const);
  const fileNames = props.filter(([, p]) => p.format === 'binary').map(([name]) => name);
  const fieldNames = props.filter(([, p]) => p.format !== 'binary');
  const anyName = fc.constantFrom(...fileNames, 'file', 'photo', 'upload', '');
  const filePart = fc
    .record({
      name: oneof<string>([10, fc.constantFrom(...(fileNames.length ? fileNames : ['file']))], [1, anyName]),
      file: fileBytes,
      type: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/csv', '', 'text/plain'),
      filename: fc.constantFrom('a.png', 'x.csv', '', '../../etc/passwd', 'ü.jpg', 'a'.repeat(300)),
    })
    .map((p): Part => p);
  const fields = fieldNames.map(([name, p]) => oneof<Part[]>([1, fc.constant([])], [2, validArb(p, name, 'clean').map((v) => [{ name, value: asQueryValue(v) }])], [1, junkSegment.map((value) => [{ name, value }])]));
  const parts = fc
    .tuple(
      oneof<Part[]>([8, filePart.map((p) => [p])], [1, fc.constant([])], [1, fc.tuple(filePart, filePart).map(([a, b]) => [a, b])], [1, fc.tuple(anyName, junkSegment).map(([name, value]) => [{ name, value }])]),
      fc.tuple(...fields),
      oneof<Part[]>([8, fc.constant([])], [1, fc.tuple(junkSegment, junkSegment).map(([name, value]) => [{ name, value }])]),
    )
    .map(([files, named, extra]): Body => ({ kind: 'form', parts: [...files, ...named.flat(), ...extra] }));
  const crafted = fc.record({ name: anyName, bytes: fc.string({ unit: 'binary-ascii', maxLength: 200 }), closed: fc.boolean() }).map(({ name, bytes, closed }): Body => ({
    kind: 'text',
    text: `--fuzz\r\nContent-Disposition: form-data; name="${name}"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n${bytes}\r\n${closed ? '--fuzz--\r\n' : ''}`,
    contentType: 'multipart/form-data; boundary=fuzz',
  }));
  const choices: Array<[number, fc.Arbitrary<Body>]> = [
    [10, parts],
    [2, fc.record({ bytes: fc.uint8Array({ maxLength: 4096 }), contentType: fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=fuzz', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=fuzz') }).map(({ bytes, contentType }): Body => ({ kind: 'bytes', bytes, contentType }))],
    [2, crafted],
    [2, fc.record({ bytes: fileBytes, contentType: fc.constantFrom('application/json', 'image/png', 'application/octet-stream', null, 'text/plain', 'application/x-www-form-urlencoded') }).map(({ bytes, contentType }): Body => ({ kind: 'bytes', bytes: bytes === 'tiny-png' ? TINY_PNG : bytes, contentType }))],
    [1, jsonBodyArb({})],
    [1, fc.constant({ kind: 'none' as const })],
    [1, fc.constant({ kind: 'huge-form' as const, name: fileNames[0] ?? 'file', bytes: 10 * 1024 * 1024 + 1 })],
  ];
  const textType = types.find((t) => t.startsWith('text/'));
  if (textType) {
    choices.push([10, fc.record({ text: oneof<string>([4, cleanCsv], [4, csvText], [1, fc.string({ unit: 'binary', maxLength: 200 })]), contentType: fc.constantFrom(textType, `${textType}; charset=utf-8`, `${textType}; charset=windows-1257`, 'text/plain') }).map(({ text, contentType }): Body => ({ kind: 'text', text, contentType }))]);
  }
  return oneof(...choices);
}

function bodyArb(op: DocOp): fc.Arbitrary<Body> {
  if (op.method === 'get' || op.method === 'head') return fc.constant({ kind: 'none' as const });
  const content = (op.operation.requestBody?.content ?? {}) as Record<string, MediaType>;
  if (content['application/json']) return jsonBodyArb(content['application/json'].schema);
  if (Object.keys(content).length > 0) return multipartBodyArb(op);
  return noBodyArb;
}

const idempotencyKeyArb = oneof<string | null>(
  [9, fc.constant(null)],
  [2, fc.constantFrom('fuzz-key-1', 'fuzz-key-2')],
  [1, fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 300 })],
);

function caseArb(op: DocOp): fc.Arbitrary<Case> {
  return fc.record({
    caller: callerArb,
    path: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathArgArb])) as Record<string, fc.Arbitrary<PathArg>>),
    query: queryArb(op),
    body: bodyArb(op),
    ip: fc.ipV4(),
    idempotencyKey: op.method === 'post' ? idempotencyKeyArb : fc.constant(null),
  });
}

// ---------------------------------------------------------------------------------------------
// The checks of every answer.

const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};
const LEAKS: Array<[RegExp, string]> = [
  [/\n\s+at /, 'a stack frame'],
  [/node_modules/, '"node_modules"'],
  [/postgres/i, '"postgres"'],
  [/SELECT /, '"SELECT "'],
  [/insert into/i, '"insert into"'],
  [/syntax error/i, '"syntax error"'],
];

function mediaMatches(declared: string, actual: string): boolean {
  const type = actual.split(';')[0]!.trim().toLowerCase();
  if (declared.endsWith('/*')) return type.startsWith(declared.slice(0, -1));
  return type === declared;
}

type Answer = { status: number; contentType: string; text: string; json: unknown; requestId: string | null; retryAfter: string | null };

async function read(res: Response): Promise<Answer> {
  const contentType = res.headers.get('content-type') ?? '';
  const binary = /^(application\/pdf|image\/)/i.test(contentType);
  const text = binary ? `<${(await res.arrayBuffer()).byteLength} bytes>` : await res.text();
  let json: unknown;
  if (/json/i.test(contentType) && text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: res.status, contentType, text, json, requestId: res.headers.get('x-request-id'), retryAfter: res.headers.get('retry-after') };
}

function problemsOf(op: DocOp, c: Case, built: Built, a: Answer): string[] {
  const problems: string[] = [];
  if (a.status >= 500) problems.push(`answered ${a.status} (a 5xx)`);
  if (!declaredStatuses(op).includes(a.status)) problems.push(`answered ${a.status}, which the document does not declare for ${op.key} (declared: ${declaredStatuses(op).join(', ')})`);
  if (!op.isPublic && c.caller !== 'manager' && a.status !== 401) problems.push(`answered ${a.status} without valid credentials; API.md checks 401 first`);
  if (built.otherTenant && a.status < 300) problems.push(`answered ${a.status} for another tenant's id`);
  if (!a.requestId) problems.push('has no X-Request-Id header');
  for (const [re, what] of LEAKS) if (re.test(a.text)) problems.push(`the body contains ${what}`);
  const response = responseOf(op, a.status);
  if (a.status >= 400) {
    if (!/^application\/json\b/i.test(a.contentType)) problems.push(`error content-type is "${a.contentType}"`);
    const body = a.json as { error?: { code?: unknown; message?: unknown }; errors?: unknown } | undefined;
    if (!body || typeof body !== 'object') problems.push('the error body is not a JSON object');
    else {
      if (typeof body.error?.message !== 'string' || body.error.message === '') problems.push('error.message is missing or empty');
      const expected = CODE_OF_STATUS[a.status];
      if (expected && body.error?.code !== expected) problems.push(`error.code is ${JSON.stringify(body.error?.code)}, not ${expected}`);
      if (a.status === 422 && !Array.isArray(body.errors)) problems.push('a 422 without a top-level errors array');
      const schema = response?.content?.['application/json']?.schema;
      if (schema) problems.push(...schemaProblems(schema, body).map((p) => `error body: ${p}`));
    }
    if (a.status === 429 && !a.retryAfter) problems.push('a 429 without Retry-After');
  } else if (a.status >= 200 && a.status < 300 && response) {
    const content = response.content ?? {};
    const media = Object.keys(content);
    if (media.length === 0) {
      if (a.text !== '') problems.push(`a ${a.status} documented without content has a body`);
    } else if (!media.some((m) => mediaMatches(m, a.contentType))) problems.push(`content-type "${a.contentType}" is not one documented (${media.join(', ')})`);
    else if (content['application/json'] && mediaMatches('application/json', a.contentType)) {
      if (a.json === undefined) problems.push('the body is not JSON');
      else problems.push(...schemaProblems(content['application/json'].schema, a.json).slice(0, 8).map((p) => `response body: ${p}`));
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------

const world = new World();
let requests = 0;
let fiveXX = 0;
const fuzzed = new Set<string>();
const survey = new Map<string, string>();
const timing = { total: 0, max: 0, slowest: '' };
const messages = new Map<string, number>();

async function runCase(op: DocOp, c: Case, histogram: Map<number, number>): Promise<void> {
  await world.repair();
  const built = await build(op, c, world);
  requests++;
  const started = performance.now();
  const res = await dispatch(op, built.request, built.params);
  const answer = await read(res);
  const took = performance.now() - started;
  timing.total += took;
  if (took > timing.max) Object.assign(timing, { max: took, slowest: built.describe.slice(0, 200) });
  if (answer.status >= 500) fiveXX++;
  histogram.set(answer.status, (histogram.get(answer.status) ?? 0) + 1);
  if (VERBOSE && answer.status === 400) {
    const message = String((answer.json as { error?: { message?: unknown } } | undefined)?.error?.message ?? '').replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').slice(0, 90);
    messages.set(message, (messages.get(message) ?? 0) + 1);
  }
  world.settle(op, c, answer.status, answer.json);
  const problems = problemsOf(op, c, built, answer);
  if (problems.length > 0) {
    if (SURVEY) {
      for (const p of problems) {
        const kind = `${op.key}: ${p.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '<id>').replace(/"[^"]*"/g, '"…"')}`;
        if (!survey.has(kind)) survey.set(kind, `${built.describe}\n    → ${answer.status} ${answer.text.slice(0, 300)}`);
      }
      return;
    }
    const shown = answer.text.length > 800 ? `${answer.text.slice(0, 800)}…` : answer.text;
    throw new Error(`${built.describe}\n→ ${answer.status} ${answer.contentType} ${shown}\n- ${problems.join('\n- ')}`);
  }
}

beforeAll(async () => {
  await world.setUpOther();
});

afterAll(() => {
  if (VERBOSE) console.log([...messages].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([m, n]) => `${n}× ${m}`).join('\n'));
  if (SURVEY) console.log([...survey].map(([kind, example]) => `${kind}\n    ${example}`).join('\n'));
  console.log(`fuzz: ${requests} requests over ${fuzzed.size} operations, 5xx: ${fiveXX}`);
});

describe('the fuzz covers the OpenAPI document', () => {
  it('can dispatch every documented operation, public ones included', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((o) => !dispatcherOf(o)).map((o) => o.key)).toEqual([]);
    expect(operations.filter((o) => o.isPublic).map((o) => o.key)).toEqual(expect.arrayContaining(['get /health', 'post /auth/login']));
  });

  it('knows a fixture entity for every path parameter', () => {
    const unknown = operations.flatMap((o) => o.pathParams.filter((p) => !entityOfParam(o, p) && !pathValueOf(o, p)).map((p) => `${p} in ${o.key}`));
    expect(unknown, 'add the entity to PATH_IDS and populate()').toEqual([]);
  });
});

describe(`fuzz: ${RUNS} runs per operation`, () => {
  it.each(operations.map((o) => [o.key, o] as const))('%s', async (_, op) => {
    await world.freshTenant();
    fuzzed.add(op.key);
    Object.assign(timing, { total: 0, max: 0, slowest: '' });
    const histogram = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(caseArb(op), (c) => runCase(op, c, histogram)),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED, path: process.env.FUZZ_PATH } : {}) },
    );
    if (VERBOSE) console.log(`${op.key} (${Math.round(timing.total)} ms in requests, slowest ${Math.round(timing.max)} ms: ${timing.slowest}): ${[...histogram].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(' ')}`);
  }, 180_000);
});
