import { TRPCError } from '@trpc/server';
import { headers } from 'next/headers';
import { type FieldError, ValidationError } from '@/server/services/errors';
import { createApiContext } from './context';
import { requestIdFrom } from './http';
import { createCaller } from './root';

/**
 * The tRPC procedures called directly (no HTTP) with the headers of a request: its caller, client
 * address, role checks, tenant filter and rate limits are exactly those of a call from the browser or
 * the REST API. Server components, server actions and the web sign-in use nothing else.
 */
export async function callerFor(requestHeaders: Headers) {
  return createCaller(await createApiContext({ headers: requestHeaders, requestId: requestIdFrom(requestHeaders) }));
}

/** The procedures as the person of the current request (server components and server actions). */
export async function serverApi() {
  return callerFor(new Headers(await headers()));
}

/** What a failed server call means for a form: its tRPC code and the field errors of a 422. */
export function failureOf(err: unknown): { code: string; fieldErrors: FieldError[] } {
  if (!(err instanceof TRPCError)) throw err;
  return { code: err.code, fieldErrors: err.cause instanceof ValidationError ? err.cause.errors : [] };
}
