import type { AnyRouter } from '@trpc/server';
import type { Meta } from './trpc';

type ZodLike = { _zod: { def: Record<string, unknown> & { type: string } } };

function isZod(x: unknown): x is ZodLike {
  return !!x && typeof x === 'object' && '_zod' in x;
}

type AnyProcedure = { _def: { meta?: Meta; inputs: unknown[]; type: string } };

export function procedureMeta(router: AnyRouter, path: string): Meta | undefined {
  const procedure = (router._def.procedures as Record<string, AnyProcedure>)[path];
  return procedure?._def.meta;
}

export function listProcedures(router: AnyRouter): Array<{ path: string; meta: Meta | undefined; procedure: AnyProcedure }> {
  return Object.entries(router._def.procedures as Record<string, AnyProcedure>).map(([path, procedure]) => ({
    path,
    meta: procedure._def.meta,
    procedure,
  }));
}

const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'array']);

function unwrap(schema: ZodLike): ZodLike {
  let s = schema;
  for (;;) {
    const def = s._zod.def;
    if (WRAPPERS.has(def.type)) {
      const inner = (def.innerType ?? def.element) as unknown;
      if (!isZod(inner)) return s;
      s = inner;
    } else if (def.type === 'lazy' && typeof def.getter === 'function') {
      s = (def.getter as () => ZodLike)();
    } else {
      return s;
    }
  }
}

function shield(schema: ZodLike, seen: Set<unknown>): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const s = unwrap(schema);
  const def = s._zod.def;
  if (COERCIBLE.has(def.type) && !def.coerce) {
    // trpc-to-openapi sets `schema._def.coerce = true` on every number/boolean/date it finds, which
    // would make the tRPC side accept "4" for 4 (and "false" for true). An own `_def` that hands out
    // a copy absorbs that write; validation reads `_zod.def`, which stays as declared.
    Object.defineProperty(s, '_def', { get: () => ({ ...def }), configurable: true });
    return;
  }
  if (def.type === 'object') {
    const shape = def.shape as Record<string, unknown>;
    for (const field of Object.values(shape)) if (isZod(field)) shield(field, seen);
  }
  if (def.type === 'pipe' && isZod(def.in)) shield(def.in as ZodLike, seen);
}

/** Stops trpc-to-openapi from coercing input schemas in place (see `shield`). Query inputs use z.coerce explicitly. */
export function preventInPlaceCoercion(router: AnyRouter): void {
  const seen = new Set<unknown>();
  for (const { procedure } of listProcedures(router)) {
    for (const input of procedure._def.inputs) if (isZod(input)) shield(input, seen);
  }
}
