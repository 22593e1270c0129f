import { buildOpenApiDocument } from '@/server/api/openapi';
import { handlerRoutes } from '@/server/api/openapi-routes';
import { listProcedures } from '@/server/api/procedures';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import type { Role } from '@/db/schema';

/*
 * The OpenAPI document served at /api/openapi.json, read as plain JSON, for tests generated from it:
 * its operations, a way to dispatch each one in-process (tRPC procedures through the REST adapter, the
 * raw route handlers directly) and a checker for the subset of JSON Schema the document uses.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type Schema = JsonObject;
export type MediaType = { schema?: Schema; example?: Json };
export type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
export type ResponseObject = { description?: string; headers?: JsonObject; content?: Record<string, MediaType> };
export type Operation = {
  security?: Json[];
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, JsonObject>;
};
export type DocOp = {
  key: string;
  method: string;
  path: string;
  operation: Operation;
  isPublic: boolean;
  pathParams: string[];
  params: Parameter[];
};

export const doc = buildOpenApiDocument() as unknown as JsonObject & { paths: Record<string, Record<string, Operation>>; security?: Json[] };
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Follows local `$ref`s (`#/components/...`) to what they name. */
export function resolveRef<T>(value: unknown): T {
  let v = value as { $ref?: string };
  for (let hops = 0; v && typeof v === 'object' && typeof v.$ref === 'string'; hops++) {
    if (hops > 10 || !v.$ref.startsWith('#/')) throw new Error(`Cannot resolve ${v.$ref}`);
    let target: unknown = doc;
    for (const part of v.$ref.slice(2).split('/')) target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (target === undefined) throw new Error(`Dangling $ref ${v.$ref}`);
    v = target as { $ref?: string };
  }
  return v as T;
}

export const operations: DocOp[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => HTTP_METHODS.has(method))
    .map(([method, operation]) => {
      const security = operation.security ?? doc.security ?? [];
      return {
        key: `${method} ${path}`,
        method,
        path,
        operation,
        isPublic: Array.isArray(security) && security.length === 0,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        params: (operation.parameters ?? []).map((p) => resolveRef<Parameter>(p)),
      };
    }),
);

export function declaredStatuses(op: DocOp): number[] {
  return Object.keys(op.operation.responses).map(Number);
}

/** The documented response of the operation for a status, `$ref`s resolved. */
export function responseOf(op: DocOp, status: number): ResponseObject | undefined {
  const response = op.operation.responses[String(status)];
  return response ? resolveRef<ResponseObject>(response) : undefined;
}

/**
 * Which entity a path parameter names, by the collection before it (`/buildings/{id}` → a building).
 * The tests generated from the document fail on a parameter this table does not know.
 */
const PATH_IDS = {
  'api-keys/{id}': 'apiKeyId',
  'buildings/{id}': 'buildingId',
  'apartments/{aptId}': 'apartmentId',
  'residents/{id}': 'residentLinkId',
  'invitations/{id}': 'invitationId',
  'maintenance-requests/{id}': 'requestId',
  'meters/{id}': 'meterId',
  'readings/{readingId}': 'readingId',
  'invoices/{id}': 'invoiceId',
  'jobs/{id}': 'jobId',
  'uploads/{id}': 'uploadId',
  'webhooks/{id}': 'webhookId',
  'deliveries/{deliveryId}': 'deliveryId',
  'entries/{id}': 'bankEntryId',
  'payment-demands/{id}': 'paymentDemandId',
  'apartments/{id}': 'apartmentId',
  'team/{userId}': 'teamMemberId',
  'invitations/{invitationId}': 'teamInvitationId',
} as const;
export type PathEntity = (typeof PATH_IDS)[keyof typeof PATH_IDS];

/** Path parameters that name no entity but one of a few values: the value the tests use for them. */
const PATH_VALUES: Record<string, string> = { 'callback/{bank}': 'testbank' };

export function pathValueOf(op: DocOp, param: string): string | undefined {
  const segments = op.path.split('/');
  const i = segments.indexOf(`{${param}}`);
  return PATH_VALUES[`${segments[i - 1]}/{${param}}`];
}

export function entityOfParam(op: DocOp, param: string): PathEntity | undefined {
  const segments = op.path.split('/');
  const i = segments.indexOf(`{${param}}`);
  return (PATH_IDS as Record<string, PathEntity>)[`${segments[i - 1]}/{${param}}`];
}

// ---------------------------------------------------------------------------------------------
// Dispatch: tRPC procedures through the REST adapter, the documented route handlers directly.

const rest = createRestHandler(appRouter);
const procedures = new Map<string, NonNullable<ReturnType<typeof listProcedures>[number]['meta']>>(
  listProcedures(appRouter)
    .filter((p) => p.meta?.openapi)
    .map((p) => [`${p.meta!.openapi!.method.toLowerCase()} ${p.meta!.openapi!.path}`, p.meta!] as const),
);

export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** Route handlers outside tRPC (server/api/openapi-routes.ts), as Next serves them, with the roles their `restRoute(...)` allows. */
const HANDLERS: Record<string, { handler: () => Promise<RouteHandler>; roles: Role[] }> = {
  'get /invoices/{id}/pdf': { handler: async () => (await import('@/app/api/invoices/[id]/pdf/route')).GET as RouteHandler, roles: ['admin', 'manager', 'resident'] },
  'get /payment-demands/{id}/pdf': { handler: async () => (await import('@/app/api/payment-demands/[id]/pdf/route')).GET as RouteHandler, roles: ['admin', 'manager'] },
  'get /apartments/{id}/statement': { handler: async () => (await import('@/app/api/apartments/[id]/statement/route')).GET as RouteHandler, roles: ['admin', 'manager', 'resident'] },
  'get /invoices/export': { handler: async () => (await import('@/app/api/invoices/export/route')).GET as RouteHandler, roles: ['admin', 'manager'] },
  'get /readings/export': { handler: async () => (await import('@/app/api/readings/export/route')).GET as RouteHandler, roles: ['admin', 'manager'] },
  'get /payments/export': { handler: async () => (await import('@/app/api/payments/export/route')).GET as RouteHandler, roles: ['admin', 'manager'] },
  'get /meters/export': { handler: async () => (await import('@/app/api/meters/export/route')).GET as RouteHandler, roles: ['admin', 'manager'] },
  'get /residents/export': { handler: async () => (await import('@/app/api/residents/export/route')).GET as RouteHandler, roles: ['admin', 'manager'] },
  'get /maintenance-requests/export': { handler: async () => (await import('@/app/api/maintenance-requests/export/route')).GET as RouteHandler, roles: ['admin', 'manager'] },
  'get /buildings/{id}/apartments/export': {
    handler: async () => (await import('@/app/api/buildings/[id]/apartments/export/route')).GET as RouteHandler,
    roles: ['admin', 'manager'],
  },
  'get /invoices/export/e-invoice': { handler: async () => (await import('@/app/api/invoices/export/e-invoice/route')).GET as RouteHandler, roles: ['admin', 'manager'] },
  'post /uploads': { handler: async () => (await import('@/app/api/uploads/route')).POST as RouteHandler, roles: ['admin', 'manager', 'resident'] },
  'get /uploads/{id}': { handler: async () => (await import('@/app/api/uploads/[id]/route')).GET as RouteHandler, roles: ['admin', 'manager', 'resident'] },
  'post /meters/ocr': { handler: async () => (await import('@/app/api/meters/ocr/route')).POST as RouteHandler, roles: ['admin', 'manager', 'resident'] },
  'post /payments/banklink/callback/{bank}': { handler: async () => (await import('@/app/api/payments/banklink/callback/[bank]/route')).POST as RouteHandler, roles: ['admin', 'manager', 'resident'] },
  'get /payments/banklink/callback/{bank}': { handler: async () => (await import('@/app/api/payments/banklink/callback/[bank]/route')).GET as RouteHandler, roles: ['admin', 'manager', 'resident'] },
  'post /bank-statements/import': { handler: async () => (await import('@/app/api/bank-statements/import/route')).POST as RouteHandler, roles: ['admin', 'manager'] },
  'post /buildings/{id}/apartments/import': {
    handler: async () => (await import('@/app/api/buildings/[id]/apartments/import/route')).POST as RouteHandler,
    roles: ['admin', 'manager'],
  },
};
const handlerKeys = new Set<string>(handlerRoutes.map((r) => `${r.method} ${r.path}`));
const ALL_ROLES: Role[] = ['admin', 'manager', 'resident'];
/** Handlers listed here for a route the document does not describe (should be none). */
export const strayHandlers = Object.keys(HANDLERS).filter((k) => !handlerKeys.has(k));

export function dispatcherOf(op: DocOp): 'handler' | 'trpc' | undefined {
  if (handlerKeys.has(op.key)) return HANDLERS[op.key] ? 'handler' : undefined;
  return procedures.has(op.key) ? 'trpc' : undefined;
}

/** The roles that may call the operation at all: the procedure's `meta.roles` (any signed-in role without it), or the handler's. */
export function rolesOf(op: DocOp): Role[] {
  const kind = dispatcherOf(op);
  if (kind === 'handler') return HANDLERS[op.key]!.roles;
  if (kind === 'trpc') return procedures.get(op.key)!.roles ?? ALL_ROLES;
  throw new Error(`Cannot dispatch ${op.key}: add its route handler to HANDLERS in test/openapi-doc.ts`);
}

/** Answers the request as the server would: `params` are the decoded path parameters a route handler gets from Next. */
export async function dispatch(op: DocOp, request: Request, params: Record<string, string>): Promise<Response> {
  const kind = dispatcherOf(op);
  if (kind === 'trpc') return rest(request);
  if (kind === 'handler') return (await HANDLERS[op.key]!.handler())(request, { params: Promise.resolve({ ...params }) });
  throw new Error(`Cannot dispatch ${op.key}: add its route handler to HANDLERS in test/openapi-doc.ts`);
}

// ---------------------------------------------------------------------------------------------
// A checker for the JSON Schema keywords the document uses (type, properties, required,
// additionalProperties, propertyNames, items, min/maxItems, enum, const, anyOf/oneOf/allOf, nullable,
// min/maxLength, pattern, minimum/maximum and their exclusive forms, format uuid/date/date-time/email).

const patterns = new Map<string, RegExp | null>();
function patternOf(source: string): RegExp | null {
  if (!patterns.has(source)) {
    try {
      patterns.set(source, new RegExp(source, 'u'));
    } catch {
      try {
        patterns.set(source, new RegExp(source));
      } catch {
        patterns.set(source, null);
      }
    }
  }
  return patterns.get(source)!;
}

const FORMATS: Record<string, (s: string) => boolean> = {
  uuid: (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)),
  'date-time': (s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)),
  email: (s) => /^[^@\s]+@[^@\s]+$/.test(s),
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(type: string, value: unknown): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'object':
      return typeOf(value) === 'object';
    default:
      return typeOf(value) === type;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const show = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** Where `value` breaks the schema, as `$.data.0.id: ...` lines; empty when it conforms. */
export function schemaProblems(schemaOrRef: unknown, value: unknown, at = '$'): string[] {
  const out: string[] = [];
  const s = resolveRef<Schema>(schemaOrRef ?? {});
  if (value === null && s.nullable === true) return out;
  if (Array.isArray(s.allOf)) for (const branch of s.allOf) out.push(...schemaProblems(branch, value, at));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches) && !branches.some((b) => schemaProblems(b, value, at).length === 0)) {
      const nearest = branches.map((b) => schemaProblems(b, value, at)).sort((a, b) => a.length - b.length)[0] ?? [];
      out.push(`${at}: matches no branch of ${key} (${show(value)}); nearest: ${nearest.slice(0, 2).join('; ')}`);
    }
  }
  if ('const' in s && !sameJson(s.const, value)) out.push(`${at}: is ${show(value)}, not the constant ${show(s.const)}`);
  if (Array.isArray(s.enum) && !s.enum.some((e) => sameJson(e, value))) out.push(`${at}: ${show(value)} is not one of ${show(s.enum)}`);
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
  if (types.length > 0 && !types.some((t) => hasType(t, value))) {
    out.push(`${at}: is ${typeOf(value)} ${show(value)}, not ${types.join(' | ')}`);
    return out;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof s.minLength === 'number' && length < s.minLength) out.push(`${at}: shorter than ${s.minLength}`);
    if (typeof s.maxLength === 'number' && length > s.maxLength) out.push(`${at}: longer than ${s.maxLength}`);
    if (typeof s.pattern === 'string') {
      const re = patternOf(s.pattern);
      if (re && !re.test(value)) out.push(`${at}: ${show(value)} does not match ${s.pattern.length > 60 ? `${s.pattern.slice(0, 60)}…` : s.pattern}`);
    }
    const format = typeof s.format === 'string' ? FORMATS[s.format] : undefined;
    if (format && !format(value)) out.push(`${at}: ${show(value)} is not a ${s.format}`);
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) out.push(`${at}: ${value} < minimum ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) out.push(`${at}: ${value} > maximum ${s.maximum}`);
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) out.push(`${at}: ${value} <= exclusiveMinimum ${s.exclusiveMinimum}`);
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) out.push(`${at}: ${value} >= exclusiveMaximum ${s.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) out.push(`${at}: fewer than ${s.minItems} items`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) out.push(`${at}: more than ${s.maxItems} items`);
    if (s.items !== undefined) value.forEach((item, i) => out.push(...schemaProblems(s.items, item, `${at}.${i}`)));
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Json>;
    for (const name of (Array.isArray(s.required) ? s.required : []) as string[]) {
      if (!(name in object)) out.push(`${at}: lacks the required property "${name}"`);
    }
    for (const [name, item] of Object.entries(object)) {
      if (name in props) out.push(...schemaProblems(props[name], item, `${at}.${name}`));
      else if (s.additionalProperties === false) out.push(`${at}: has the undocumented property "${name}"`);
      else if (s.additionalProperties && typeof s.additionalProperties === 'object') out.push(...schemaProblems(s.additionalProperties, item, `${at}.${name}`));
      if (s.propertyNames !== undefined) out.push(...schemaProblems(s.propertyNames, name, `${at}.(key ${name})`));
    }
  }
  return out;
}
