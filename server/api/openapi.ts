import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { APP_VERSION } from '@/server/version';
import { handlerRoutes } from './openapi-routes';
import { listProcedures } from './procedures';
import { appRouter } from './root';
import type { Meta } from './trpc';

const TAGS: Array<{ name: string; description: string }> = [
  { name: 'operations', description: 'Health and service information.' },
  { name: 'auth', description: 'Sign-in, token refresh, sign-out, magic links and API keys.' },
  { name: 'organisation', description: 'The organisation\'s own details, printed on invoices, and its team.' },
  { name: 'buildings', description: 'Buildings, their billing settings and apartments.' },
  { name: 'invoices', description: 'Invoice generation, status, sending and PDFs.' },
  { name: 'meters', description: 'Meters, readings and photo OCR.' },
  { name: 'residents', description: 'Residents and invitations.' },
  { name: 'maintenance', description: 'Maintenance requests.' },
  { name: 'payments', description: 'Payments recorded against invoices, and prepayments.' },
  { name: 'collections', description: 'Payment demands (dunning letters) and the apartments in collection.' },
  { name: 'dashboard', description: 'What is waiting for a manager.' },
  { name: 'webhooks', description: 'Webhook endpoints, signed deliveries and their log.' },
  { name: 'jobs', description: 'Progress of background work.' },
];

const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'Malformed JSON, a missing required field or a wrong type (code BAD_REQUEST).' },
  401: { name: 'Unauthorized', description: 'Missing, expired or invalid credentials (code UNAUTHORIZED).' },
  403: { name: 'Forbidden', description: 'The caller may not do this (code FORBIDDEN).' },
  404: { name: 'NotFound', description: 'No such resource in the caller\'s tenant (code NOT_FOUND).' },
  409: { name: 'Conflict', description: 'A duplicate or a state that forbids the change (code CONFLICT).' },
  413: { name: 'PayloadTooLarge', description: 'The body is over the size limit (code PAYLOAD_TOO_LARGE).' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a supported type (code UNSUPPORTED_MEDIA_TYPE).' },
  422: { name: 'ValidationFailed', description: 'Well-formed but semantically invalid (code VALIDATION_FAILED); `errors` says what.' },
  429: { name: 'RateLimited', description: 'Too many requests (code RATE_LIMITED); retry after `Retry-After` seconds.' },
  500: { name: 'InternalError', description: 'Unexpected error (code INTERNAL); the body carries the request id.' },
  503: { name: 'ServiceUnavailable', description: 'A dependency such as the database is unreachable (code SERVICE_UNAVAILABLE).' },
};

const requestIdHeader = {
  description: 'The id of this request, also in the server logs.',
  schema: { type: 'string' },
};

const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Requests allowed in the window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
};

const errorSchemas = {
  Error: {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: {
            type: 'string',
            enum: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'CONFLICT', 'PAYLOAD_TOO_LARGE',
              'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_FAILED', 'RATE_LIMITED', 'INTERNAL', 'SERVICE_UNAVAILABLE'],
          },
          message: { type: 'string' },
          requestId: { type: 'string', description: 'Present on 500 answers.' },
        },
      },
    },
    example: { error: { code: 'NOT_FOUND', message: 'Invoice not found' } },
  },
  ValidationErrorBody: {
    type: 'object',
    required: ['error', 'errors'],
    properties: {
      error: { $ref: '#/components/schemas/Error/properties/error' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['path', 'message'],
          properties: { path: { type: 'string' }, message: { type: 'string' } },
        },
      },
    },
    example: {
      error: { code: 'VALIDATION_FAILED', message: 'periodEnd: must not be before periodStart' },
      errors: [{ path: 'periodEnd', message: 'must not be before periodStart' }],
    },
  },
};

function componentResponses() {
  return Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => {
      const headers: Record<string, unknown> = { 'X-Request-Id': requestIdHeader };
      if (status === '429') headers['Retry-After'] = { description: 'Seconds to wait.', schema: { type: 'integer' } };
      const schemaRef = status === '422' ? '#/components/schemas/ValidationErrorBody' : '#/components/schemas/Error';
      return [name, { description, headers, content: { 'application/json': { schema: { $ref: schemaRef } } } }];
    }),
  );
}

export type OperationFacts = {
  method: string;
  path: string;
  successStatus: number;
  protect: boolean;
  hasInput: boolean;
  hasPathParams: boolean;
  /** A query or body field names another entity (`…Id`): an id the caller cannot see is 404. */
  referencesEntities: boolean;
  rateLimited: boolean;
  errors: number[];
};

/** The error statuses an operation can answer with: what every route shares plus what it declares. */
export function errorStatusesFor(op: OperationFacts): number[] {
  const set = new Set<number>([500, ...op.errors]);
  if (op.protect) set.add(401).add(403);
  // Any request can be unreadable (an undecodable path, a NUL or a prototype key in the query): 400.
  set.add(400);
  // 422 for well-formed values that break a rule (too long, out of range).
  if (op.hasInput) set.add(422);
  // Every method but GET reads a body when one is sent (DELETE takes its input as JSON).
  if (op.method !== 'get') set.add(413).add(415);
  if (op.hasPathParams || op.referencesEntities) set.add(404);
  if (op.rateLimited) set.add(429);
  return [...set].sort((a, b) => a - b);
}

type Operation = {
  security?: unknown;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description?: string; headers?: Record<string, unknown>; content?: unknown }>;
};

function restFacts(): Map<string, { meta: Meta; successStatus: number }> {
  const facts = new Map<string, { meta: Meta; successStatus: number }>();
  for (const { meta } of listProcedures(appRouter)) {
    const oa = meta?.openapi;
    if (!oa) continue;
    const fallback = oa.method === 'POST' ? 201 : oa.method === 'DELETE' ? 204 : 200;
    facts.set(`${oa.method.toLowerCase()} ${oa.path}`, { meta: meta!, successStatus: meta?.successStatus ?? fallback });
  }
  return facts;
}

type Parameter = { name: string; in: string; required?: boolean; schema?: unknown; description?: string };

/** DELETE inputs travel in a JSON body (the adapter reads it), not in the query string. */
function moveQueryToBody(op: Operation): void {
  const params = (op.parameters ?? []) as Parameter[];
  const query = params.filter((p) => p.in === 'query');
  if (query.length === 0) return;
  op.parameters = params.filter((p) => p.in !== 'query');
  op.requestBody = {
    required: query.some((p) => p.required),
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: Object.fromEntries(query.map((p) => [p.name, { ...(p.schema as object), ...(p.description ? { description: p.description } : {}) }])),
          required: query.filter((p) => p.required).map((p) => p.name),
        },
      },
    },
  };
}

function namesEntities(op: Operation): boolean {
  const names = ((op.parameters ?? []) as Parameter[]).map((p) => p.name);
  const body = (op.requestBody as { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } | undefined)?.content;
  for (const media of Object.values(body ?? {})) names.push(...Object.keys(media.schema?.properties ?? {}));
  return names.some((name) => /Ids?$/.test(name));
}

let cached: OpenAPIObject | undefined;

/** /api/openapi.json: generated from the procedures, with the contract's statuses, envelope and error bodies. */
export function buildOpenApiDocument(): OpenAPIObject {
  if (cached) return cached;
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Property Billing API',
    version: APP_VERSION,
    baseUrl: '/api',
    description:
      'Buildings, apartments, meters, invoices, payments and webhooks for property managers, and their residents. ' +
      'Successful answers are `{"data": ...}`; lists add `nextCursor`. Errors are `{"error": {"code", "message"}}`.',
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'An access token from POST /auth/login (valid 15 minutes), or an API key `pbk_...`.',
      },
    },
  });
  const facts = restFacts();
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const fact = facts.get(`${method} ${path}`);
      if (!fact) continue;
      const oa = fact.meta.openapi!;
      const success = op.responses['200'];
      const responses: Operation['responses'] = {};
      const declared = Array.isArray(oa.errorResponses) ? oa.errorResponses : Object.keys(oa.errorResponses ?? {}).map(Number);
      // Signed-in calls count against the API budget; public ones that are limited declare 429.
      const rateLimited = oa.protect !== false || declared.includes(429);
      const headers = { 'X-Request-Id': requestIdHeader, ...(rateLimited ? rateLimitHeaders : {}) };
      responses[String(fact.successStatus)] =
        fact.successStatus === 204 ? { description: 'No content', headers } : { ...success, description: oa.successDescription ?? 'Success', headers };
      const statuses = errorStatusesFor({
        method,
        path,
        successStatus: fact.successStatus,
        protect: oa.protect !== false,
        hasInput: Boolean(op.requestBody) || (op.parameters?.length ?? 0) > 0,
        hasPathParams: path.includes('{'),
        referencesEntities: namesEntities(op),
        rateLimited,
        errors: declared,
      });
      for (const status of statuses) {
        const name = ERROR_RESPONSES[status]?.name;
        if (name) responses[String(status)] = { $ref: `#/components/responses/${name}` } as never;
      }
      op.responses = responses;
      if (oa.protect === false) op.security = [];
      if (method === 'delete') moveQueryToBody(op);
    }
  }
  for (const route of handlerRoutes) {
    paths[route.path] = { ...paths[route.path], [route.method]: route.operation as Operation };
  }
  // Every authenticated POST takes an Idempotency-Key (server/api/idempotency.ts).
  for (const item of Object.values(paths)) {
    const post = item.post;
    if (!post || (Array.isArray(post.security) && post.security.length === 0)) continue;
    post.parameters = [...((post.parameters ?? []) as Parameter[]), { $ref: '#/components/parameters/IdempotencyKey' } as never];
  }
  doc.paths = paths as OpenAPIObject['paths'];
  doc.security = [{ bearerAuth: [] }];
  doc.tags = TAGS;
  doc.components = {
    ...doc.components,
    schemas: { ...(doc.components?.schemas ?? {}), ...errorSchemas } as never,
    responses: componentResponses() as never,
  };
  (doc.components as Record<string, unknown>)['headers'] = { 'X-Request-Id': requestIdHeader, ...rateLimitHeaders };
  (doc.components as Record<string, unknown>)['parameters'] = {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retry safe: the same key with the same request within 24 hours answers the first answer again (with `Idempotent-Replayed: true`) ' +
        'without doing the work twice; the same key with another request is 422; one still running is 409. Scoped to the caller. ' +
        'A new API key is never stored, so repeating its creation with the key is 409.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
  };
  cached = doc;
  return doc;
}
