import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './openapi';
import { listProcedures } from './procedures';
import { appRouter } from './root';

const PUBLIC_PATHS = new Set(['/health', '/auth/login', '/auth/refresh', '/auth/magic-link', '/invitations/accept', '/payments/banklink/callback/{bank}']);

type Op = { summary?: string; tags?: string[]; security?: unknown[]; responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, unknown> }> }> };

describe('OpenAPI document', () => {
  const doc = buildOpenApiDocument();
  const restProcedures = listProcedures(appRouter).filter((p) => p.meta?.openapi);
  const tagNames = new Set((doc.tags ?? []).map((t) => t.name));

  it('is OpenAPI 3.1 with the bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('every REST procedure has a summary, a known tag and an output schema in the envelope', () => {
    expect(restProcedures.length).toBeGreaterThan(0);
    for (const { path, meta, procedure } of restProcedures) {
      const oa = meta!.openapi!;
      expect(oa.summary, `${path} summary`).toBeTruthy();
      expect(oa.tags?.length, `${path} tags`).toBeGreaterThan(0);
      for (const tag of oa.tags ?? []) expect(tagNames.has(tag), `${path} tag ${tag}`).toBe(true);
      const output = (procedure._def as { output?: { _zod?: { def: { type: string; shape?: Record<string, unknown> } } } }).output;
      expect(output?._zod, `${path} output schema`).toBeDefined();
      const status = meta!.successStatus ?? (oa.method === 'DELETE' ? 204 : oa.method === 'POST' ? 201 : 200);
      if (status !== 204) expect(Object.keys(output!._zod!.def.shape ?? {}), `${path} envelope`).toContain('data');
    }
  });

  it('describes each operation with its success status, the contract error bodies and the right security', () => {
    const paths = doc.paths as Record<string, Record<string, Op>>;
    for (const { meta } of restProcedures) {
      const oa = meta!.openapi!;
      const op = paths[oa.path]?.[oa.method.toLowerCase()];
      expect(op, `${oa.method} ${oa.path}`).toBeDefined();
      const isPublic = PUBLIC_PATHS.has(oa.path);
      expect(oa.protect === false, `${oa.path} public`).toBe(isPublic);
      if (isPublic) expect(op!.security).toEqual([]);
      else expect(op!.responses['401']?.$ref).toBe('#/components/responses/Unauthorized');
      expect(op!.responses['500']?.$ref).toBe('#/components/responses/InternalError');
      expect(op!.responses['200'] ?? op!.responses['201'] ?? op!.responses['202'] ?? op!.responses['204']).toBeDefined();
    }
    const health = paths['/health']!.get!;
    expect(health.responses['200']!.content!['application/json']!.schema).toMatchObject({ properties: { data: expect.any(Object) } });
    expect(health.responses['503']?.$ref).toBe('#/components/responses/ServiceUnavailable');
  });

  it('offers Idempotency-Key on every authenticated POST, and only there', () => {
    const paths = doc.paths as Record<string, Record<string, { parameters?: Array<{ $ref?: string }>; security?: unknown[] }>>;
    const withKey = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.parameters?.some((p) => p.$ref === '#/components/parameters/IdempotencyKey'))
        .map(([method]) => `${method} ${path}`),
    );
    const authedPosts = Object.entries(paths).filter(([path, item]) => item.post && !PUBLIC_PATHS.has(path)).map(([path]) => `post ${path}`);
    expect(withKey.sort()).toEqual(authedPosts.sort());
    expect(withKey).toContain('post /payments');
    expect(withKey).toContain('post /meters/ocr');
  });

  it('has real error schemas', () => {
    const responses = doc.components?.responses as Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
    expect(responses.ValidationFailed!.content['application/json']!.schema.$ref).toBe('#/components/schemas/ValidationErrorBody');
    expect(responses.NotFound!.content['application/json']!.schema.$ref).toBe('#/components/schemas/Error');
    const schemas = doc.components?.schemas as Record<string, { required?: string[] }>;
    expect(schemas.Error!.required).toEqual(['error']);
  });
});
