import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb, rawQuery } from '@/db/client';
import { apartmentResidents } from '@/db/schema';
import { createJob } from '@/server/jobs/progress';
import { createApartment } from '@/server/services/apartments/create-apartment';
import { createApiKey } from '@/server/services/api-keys/create-api-key';
import { createBuilding } from '@/server/services/buildings/create-building';
import { createInvitation } from '@/server/services/invitations/create-invitation';
import { importStatement } from '@/server/services/bank-statements/import-statement';
import { generateInvoices } from '@/server/services/invoices/generate-invoices';
import { createMaintenanceRequest } from '@/server/services/maintenance/create-request';
import { createMeter } from '@/server/services/meters/create-meter';
import { submitReading } from '@/server/services/readings/submit-reading';
import { createWebhook } from '@/server/services/webhooks/create-webhook';
import { sendTestWebhook } from '@/server/services/webhooks/send-test-webhook';
import { storeUpload } from '@/server/services/uploads/store-upload';
import { addPaymentDemand, addTeamInvitation, addUser, bearerFor, makeTenant, serviceContext, type TestTenant, type TestUser, TINY_PNG } from '@/test/factories';
import { declaredStatuses, dispatch, dispatcherOf, type DocOp, entityOfParam, type Json, type JsonObject, type MediaType, operations, resolveRef, type PathEntity, rolesOf, type Schema, strayHandlers } from '@/test/openapi-doc';

/*
 * A contract sweep generated from the OpenAPI document served at /api/openapi.json (API.md, "Conventions"):
 * every documented operation is dispatched in-process, so an operation is covered the day it is documented.
 *   (a) no credentials with a malformed body → 401
 *   (b) a resident on an operation residents may not call, with a malformed body → 403 (before 400)
 *   (c) another tenant's ids in the path, with a well-formed body → 404, and the other tenant's rows unchanged
 *   (d) every error body seen has the contract's shape and status, and the document declares the errors
 */

// Public operations (security: []) need no credentials, so they are outside this sweep; /health is one of them.
const protectedOps = operations.filter((o) => !o.isPublic && o.path !== '/health');

const residentsMayCall = (op: DocOp) => rolesOf(op).includes('resident');

type Sent = { headers: Record<string, string>; body?: string | FormData; bodyText?: string };
type Seen = { request: string; status: number; contentType: string; body: unknown };

async function call(op: DocOp, params: Record<string, string>, sent: Sent, query: Record<string, string> = {}): Promise<Seen> {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
  const url = new URL(`http://localhost/api${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const request = new Request(url, { method: op.method.toUpperCase(), headers: sent.headers, body: sent.body });
  const res = await dispatch(op, request, params);
  const contentType = res.headers.get('content-type') ?? '';
  const text = res.status === 204 ? '' : await res.text();
  let body: unknown = text.length > 300 ? `${text.slice(0, 300)}…` : text;
  if (/json/i.test(contentType) && text) {
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: the shape check below reports it.
    }
  }
  const shownHeaders = Object.entries(sent.headers)
    .filter(([k]) => k !== 'authorization')
    .map(([k, v]) => `${k}: ${v}`);
  const describe = `${op.method.toUpperCase()} ${url.pathname}${url.search}${shownHeaders.length ? ` [${shownHeaders.join('; ')}]` : ''}${sent.bodyText !== undefined ? ` ${sent.bodyText}` : ''}`;
  return { request: describe, status: res.status, contentType, body };
}

// ---------------------------------------------------------------------------------------------
// Bodies: malformed ones of the operation's media type, and well-formed ones from its schema.

const MALFORMED_JSON = '{"oops":';

function mediaTypesOf(op: DocOp): string[] {
  return Object.keys(op.operation.requestBody?.content ?? {});
}

/** A body the server cannot read: broken JSON, a multipart body without its parts, or bytes that are not the declared type. */
function malformedBody(op: DocOp): Sent {
  const media = mediaTypesOf(op);
  if (media.length === 0) return { headers: {} };
  const type = media.includes('application/json') ? 'application/json' : media[0]!;
  if (type === 'application/json') return { headers: { 'content-type': 'application/json' }, body: MALFORMED_JSON, bodyText: MALFORMED_JSON };
  if (type.startsWith('multipart/')) {
    const garbage = '--sweep-boundary\r\nnot a part header\r\n\r\n\u0000\u0001 garbage';
    return { headers: { 'content-type': `${type}; boundary=sweep-boundary` }, body: garbage, bodyText: JSON.stringify(garbage) };
  }
  const garbage = '"unterminated,\u0000\u0001 garbage';
  return { headers: { 'content-type': type }, body: garbage, bodyText: JSON.stringify(garbage) };
}

const STRING_CANDIDATES = () => ['sweep', '2026-01-15', '2026-01', '2026-01-15T10:00:00.000Z', 'sweep@example.test', randomUUID(), '1', 'https://example.test/sweep'];

function sampleString(schema: Schema): string {
  const format = schema.format;
  if (format === 'uuid') return randomUUID();
  if (format === 'email') return `sweep-${randomUUID().slice(0, 8)}@example.test`;
  if (format === 'date-time') return '2026-01-15T10:00:00.000Z';
  if (format === 'date') return '2026-01-15';
  if (format === 'uri' || format === 'url') return 'https://example.test/sweep';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern) : undefined;
  const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
  const found = STRING_CANDIDATES().find(fits) ?? 'x'.repeat(Math.max(min, 1));
  if (!fits(found)) throw new Error(`No sample string for ${JSON.stringify(schema)}`);
  return found;
}

function sampleNumber(schema: Schema, integer: boolean): number {
  let n = 1;
  if (typeof schema.minimum === 'number' && n < schema.minimum) n = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && n <= schema.exclusiveMinimum) n = schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && n > schema.maximum) n = schema.maximum;
  return integer ? Math.ceil(n) : n;
}

/** A value valid for the schema: required properties only, the first enum value, the first non-null branch. */
function sample(schemaOrRef: Json | undefined): Json {
  const schema = resolveRef<Schema>(schemaOrRef ?? {});
  if ('const' in schema) return schema.const!;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? null;
  if (schema.example !== undefined) return schema.example;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) {
      const branch = branches.find((b) => resolveRef<Schema>(b).type !== 'null') ?? branches[0];
      return sample(branch);
    }
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((s) => sample(s) as JsonObject)) as JsonObject;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? 'object' : 'string')];
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = (Array.isArray(schema.required) ? schema.required : []) as string[];
      return Object.fromEntries(required.map((name) => [name, sample(props[name])]));
    }
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      return Array.from({ length: min }, () => sample(schema.items ?? {}));
    }
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return sampleString(schema);
  }
}

/** A well-formed body of the operation's first media type (JSON when it has one), or none. */
function wellFormedBody(op: DocOp): Sent {
  const content = op.operation.requestBody?.content;
  if (!content || Object.keys(content).length === 0) return { headers: {} };
  const type = content['application/json'] ? 'application/json' : Object.keys(content)[0]!;
  const media = content[type]!;
  if (type === 'application/json') {
    const text = JSON.stringify(media.example ?? sample(media.schema));
    return { headers: { 'content-type': 'application/json' }, body: text, bodyText: text };
  }
  if (type.startsWith('multipart/')) {
    const schema = resolveRef<Schema>(media.schema ?? {});
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const form = new FormData();
    for (const name of (Array.isArray(schema.required) ? schema.required : []) as string[]) {
      const prop = resolveRef<Schema>(props[name] ?? {});
      if (prop.format === 'binary') form.set(name, new Blob([TINY_PNG as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'sweep.png');
      else form.set(name, String(sample(prop)));
    }
    return { headers: {}, body: form, bodyText: `multipart(${[...form.keys()].join(',')})` };
  }
  const example = media.example ?? sample(media.schema);
  const text = typeof example === 'string' ? example : JSON.stringify(example);
  return { headers: { 'content-type': type }, body: text, bodyText: JSON.stringify(text) };
}

/** Required query parameters (GET /meters?buildingId=, say) with sample values. */
function requiredQuery(op: DocOp): Record<string, string> {
  return Object.fromEntries(op.params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema))]));
}

// ---------------------------------------------------------------------------------------------
// (d) The contract's error bodies.

function errorShapeProblems(seen: Seen): string[] {
  const problems: string[] = [];
  if (seen.status < 400) return problems;
  if (!/^application\/json\b/i.test(seen.contentType)) problems.push(`content-type is "${seen.contentType}", not application/json`);
  const body = seen.body as { error?: { code?: unknown; message?: unknown }; errors?: unknown } | string | null;
  if (!body || typeof body !== 'object') return [...problems, `body is not a JSON object: ${JSON.stringify(body)}`];
  if (!body.error || typeof body.error !== 'object') problems.push('no `error` object');
  else {
    if (typeof body.error.code !== 'string' || !/^[A-Z_]+$/.test(body.error.code)) problems.push(`error.code is ${JSON.stringify(body.error.code)}`);
    if (typeof body.error.message !== 'string' || body.error.message === '') problems.push(`error.message is ${JSON.stringify(body.error.message)}`);
  }
  if (seen.status === 422) {
    if (!Array.isArray(body.errors)) problems.push('422 without a top-level `errors` array');
    else
      for (const e of body.errors as Array<{ path?: unknown; message?: unknown }>) {
        if (typeof e?.path !== 'string' || typeof e?.message !== 'string') problems.push(`errors item ${JSON.stringify(e)} is not {path, message}`);
      }
  }
  return problems;
}

/** The response has the contract's error body and is one the document declares for the operation. */
function expectContractError(op: DocOp, seen: Seen): void {
  expect.soft(errorShapeProblems(seen), `error body of ${seen.request} → ${seen.status} ${JSON.stringify(seen.body)}`).toEqual([]);
  expect.soft(declaredStatuses(op), `${seen.request} answered ${seen.status}, which the document does not declare for ${op.key}`).toContain(seen.status);
}

const outcome = (seen: Seen) => ({
  request: seen.request,
  status: seen.status,
  code: (seen.body as { error?: { code?: unknown } } | null)?.error?.code ?? null,
  ...(seen.status >= 200 && seen.status < 300 ? { body: seen.body } : { message: (seen.body as { error?: { message?: unknown } } | null)?.error?.message ?? seen.body }),
});

// ---------------------------------------------------------------------------------------------
// Fixtures: tenant A (the caller) and tenant B (the other tenant) with one of each entity.

type Entities = {
  buildingId: string;
  apartmentId: string;
  residentLinkId: string;
  meterId: string;
  readingId: string;
  invoiceId: string;
  invitationId: string;
  requestId: string;
  apiKeyId: string;
  uploadId: string;
  jobId: string;
  webhookId: string;
  deliveryId: string;
  bankEntryId: string;
  paymentDemandId: string;
  teamMemberId: string;
  teamInvitationId: string;
};

async function populate(t: TestTenant): Promise<Entities> {
  const ctx = serviceContext(t.tenantId, t.manager);
  const building = await createBuilding({
    ctx,
    input: { name: 'Sweep house', address: 'Sweep 1', chargeRules: [{ name: 'Maintenance', basis: 'area', unitPrice: 1.5 }] },
  });
  const apartment = await createApartment({ ctx, input: { buildingId: building.id, number: '1', area: 50 } });
  const [link] = await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: apartment.id, userId: t.resident.userId }).returning();
  const meter = await createMeter({ ctx, input: { buildingId: building.id, apartmentId: apartment.id, type: 'cold_water', serialNumber: 'SW-1' } });
  const reading = await submitReading({ ctx: serviceContext(t.tenantId, t.resident), input: { meterId: meter.id, value: 12 } });
  const generated = await generateInvoices({ ctx, input: { buildingId: building.id, periodStart: '2026-01-01', periodEnd: '2026-01-31' } });
  const invitation = await createInvitation({ ctx, input: { email: `invitee-${randomUUID().slice(0, 8)}@example.test`, apartmentId: apartment.id } });
  const request = await createMaintenanceRequest({ ctx: serviceContext(t.tenantId, t.resident), input: { apartmentId: apartment.id, title: 'Dripping tap', description: 'Kitchen' } });
  const apiKey = await createApiKey({ ctx, input: { name: 'Sweep key' } });
  const upload = await storeUpload({ ctx: serviceContext(t.tenantId, t.resident), input: { bytes: TINY_PNG } });
  // A job row without a queued function run: nothing in the background changes it during the sweep.
  const job = await createJob({ tenantId: t.tenantId, kind: 'invoice.send', total: 0 });
  // An endpoint the sender never reaches (no network here) with one queued test delivery.
  const webhook = await createWebhook({ ctx, input: { url: 'https://hooks.sweep.invalid/in', events: ['invoice.paid'] } });
  const { deliveryId } = await sendTestWebhook({ ctx, input: { id: webhook.id } });
  // A bank statement entry nothing matches: it waits in the unmatched queue.
  const csv = `date,amount,currency,payer,reference,description,transactionId\n2026-01-15,12.34,EUR,Nobody,,sweep,SW-${randomUUID()}\n`;
  const statement = await importStatement({ ctx, input: { bytes: new TextEncoder().encode(csv), kind: 'csv' } });
  return {
    bankEntryId: statement.unmatchedEntries[0]!.id,
    buildingId: building.id,
    apartmentId: apartment.id,
    residentLinkId: link!.id,
    meterId: meter.id,
    readingId: reading.id,
    invoiceId: generated.invoiceIds[0]!,
    invitationId: invitation.id,
    requestId: request.id,
    apiKeyId: apiKey.id,
    uploadId: upload.id,
    jobId: job.id,
    webhookId: webhook.id,
    deliveryId,
    paymentDemandId: await addPaymentDemand(t.tenantId, building.id, apartment.id),
    teamMemberId: (await addUser(t.tenantId, 'manager')).userId,
    teamInvitationId: await addTeamInvitation(t.tenantId),
  };
}

function pathIdKeys(op: DocOp): Array<{ param: string; key: string; entity: PathEntity | undefined }> {
  const segments = op.path.split('/');
  return segments
    .map((segment, i) => ({ segment, i }))
    .filter(({ segment }) => /^\{[^}]+\}$/.test(segment))
    .map(({ segment, i }) => {
      const param = segment.slice(1, -1);
      return { param, key: `${segments[i - 1]}/${segment}`, entity: entityOfParam(op, param) };
    });
}

/** All of B's ids, then (with several parameters) each parameter alone B's and the rest A's own: a lookup must scope every id. */
function crossTenantVariants(op: DocOp, a: Entities, b: Entities): Array<{ label: string; params: Record<string, string> }> {
  const ids = pathIdKeys(op);
  const unknown = ids.filter((p) => !p.entity).map((p) => p.key);
  if (unknown.length) throw new Error(`PATH_IDS does not know ${unknown.join(', ')} (in ${op.key})`);
  const variant = (whose: (p: (typeof ids)[number]) => 'A' | 'B') => ({
    label: ids.map((p) => `${p.param}=${whose(p)}'s ${p.entity}`).join(', '),
    params: Object.fromEntries(ids.map((p) => [p.param, (whose(p) === 'B' ? b : a)[p.entity!]])),
  });
  const variants = [variant(() => 'B')];
  if (ids.length > 1) for (const only of ids) variants.push(variant((p) => (p === only ? 'B' : 'A')));
  return variants;
}

let tenantTables: string[] = [];

/** Every row of the tenant, per table with a tenant_id column (and its tenants row), as a hash. */
async function snapshotTenant(tenantId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tenantTables) {
    const { rows } = await rawQuery(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t where tenant_id = $1`, [tenantId]);
    out[table] = String(rows[0]!.h);
  }
  const { rows } = await rawQuery(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from tenants t where id = $1`, [tenantId]);
  out['tenants'] = String(rows[0]!.h);
  return out;
}

const EMPTY_MD5 = 'd41d8cd98f00b204e9800998ecf8427e';

let A: TestTenant;
let B: TestTenant;
let aIds: Entities;
let bIds: Entities;
const auth = new Map<TestUser, string>();

beforeAll(async () => {
  A = await makeTenant('Sweep A');
  B = await makeTenant('Sweep B');
  aIds = await populate(A);
  bIds = await populate(B);
  for (const [t, u] of [[A, A.admin], [A, A.manager], [A, A.resident]] as const) auth.set(u, await bearerFor(t.tenantId, u));
  const { rows } = await rawQuery(
    `select distinct table_name from information_schema.columns where column_name = 'tenant_id' and table_schema = current_schema() order by table_name`,
    [],
  );
  tenantTables = rows.map((r) => String(r.table_name));
});

const authOf = (u: TestUser) => {
  const value = auth.get(u);
  if (!value) throw new Error(`no bearer for ${u.email}`);
  return value;
};

// ---------------------------------------------------------------------------------------------

const caseName = (op: DocOp) => [op.key, op] as const;

describe('the contract sweep covers the OpenAPI document', () => {
  it('finds protected operations, public ones by `security: []`, and manager-only ones', () => {
    expect(protectedOps.length).toBeGreaterThan(20);
    expect(operations.filter((o) => o.isPublic).map((o) => o.key)).toEqual(expect.arrayContaining(['get /health', 'post /auth/login']));
    expect(protectedOps.filter((o) => !residentsMayCall(o)).length).toBeGreaterThan(0);
    expect(protectedOps.filter((o) => o.pathParams.length > 0).length).toBeGreaterThan(0);
  });

  it('can dispatch every documented operation (a tRPC procedure with meta.openapi, or a route handler listed here)', () => {
    expect(operations.filter((o) => !dispatcherOf(o)).map((o) => o.key)).toEqual([]);
    expect(strayHandlers).toEqual([]);
  });

  it('knows an entity of the other tenant for every path parameter', () => {
    const unknown = protectedOps.flatMap((o) => pathIdKeys(o).filter((p) => !p.entity).map((p) => `${p.key} in ${o.key}`));
    expect(unknown).toEqual([]);
  });

  it('has every fixture entity of tenant B in the database', async () => {
    const snap = await snapshotTenant(B.tenantId);
    for (const table of ['buildings', 'apartments', 'apartment_residents', 'meters', 'meter_readings', 'invoices', 'invitations', 'maintenance_requests', 'api_keys', 'uploads', 'jobs', 'webhook_endpoints', 'webhook_deliveries']) {
      expect(snap[table], `tenant B has rows in ${table}`).toBeDefined();
      expect(snap[table], `tenant B has rows in ${table}`).not.toBe(EMPTY_MD5);
    }
  });
});

describe('(a) without credentials, a malformed body → 401', () => {
  it.each(protectedOps.map(caseName))('%s', async (_, op) => {
    const params = Object.fromEntries(op.pathParams.map((p) => [p, randomUUID()]));
    const seen = await call(op, params, malformedBody(op));
    expect.soft(outcome(seen)).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expectContractError(op, seen);
  });
});

describe('(b) a resident, on an operation residents may not call, with a malformed body → 403', () => {
  it.each(protectedOps.filter((o) => !residentsMayCall(o)).map(caseName))('%s', async (_, op) => {
    const params = Object.fromEntries(op.pathParams.map((p) => [p, randomUUID()]));
    const sent = malformedBody(op);
    const seen = await call(op, params, { ...sent, headers: { ...sent.headers, authorization: authOf(A.resident) } });
    expect.soft(outcome(seen)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expectContractError(op, seen);
  });
});

describe("(c) another tenant's ids in the path, with a well-formed body → 404, and its rows unchanged", () => {
  it.each(protectedOps.filter((o) => o.pathParams.length > 0).map(caseName))('%s', async (_, op) => {
    const roles = rolesOf(op);
    const callers: TestUser[] = [roles.includes('manager') ? A.manager : A.admin];
    if (roles.includes('resident')) callers.push(A.resident);
    const before = await snapshotTenant(B.tenantId);
    const seen: Seen[] = [];
    for (const { label, params } of crossTenantVariants(op, aIds, bIds)) {
      for (const user of callers) {
        const sent = wellFormedBody(op);
        const res = await call(op, params, { ...sent, headers: { ...sent.headers, authorization: authOf(user) } }, requiredQuery(op));
        seen.push({ ...res, request: `A's ${user.role} (${label}): ${res.request}` });
      }
    }
    const after = await snapshotTenant(B.tenantId);
    const outcomes = seen.map(outcome);
    expect.soft(outcomes).toEqual(outcomes.map((o) => ({ request: o.request, status: 404, code: 'NOT_FOUND', message: expect.any(String) })));
    expect.soft(after, "tenant B's rows").toEqual(before);
    for (const s of seen) expectContractError(op, s);
  });
});

describe('(d) the document declares the error answers, with the contract error bodies', () => {
  const errorSchemaOf = (op: DocOp, status: number) => {
    const response = op.operation.responses[String(status)];
    if (!response) return undefined;
    const resolved = resolveRef<{ content?: Record<string, MediaType> }>(response);
    return (resolved.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref;
  };

  it.each(protectedOps.map(caseName))('%s', (_, op) => {
    const declared = declaredStatuses(op);
    const required = [401];
    if (op.pathParams.length > 0) required.push(404);
    if (!residentsMayCall(op)) required.push(403);
    if (op.operation.requestBody || op.pathParams.length > 0) required.push(400);
    expect(required.filter((s) => !declared.includes(s)), `error statuses ${op.key} can answer but does not declare`).toEqual([]);
    const wrongBodies = declared
      .filter((s) => s >= 400)
      .map((s) => ({ status: s, schema: errorSchemaOf(op, s) }))
      .filter(({ status, schema }) => schema !== (status === 422 ? '#/components/schemas/ValidationErrorBody' : '#/components/schemas/Error'));
    expect(wrongBodies, `error responses of ${op.key} without the contract's error schema`).toEqual([]);
  });
});
