import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';

const rest = createRestHandler(appRouter);

/**
 * The REST API in-process as one caller (anonymous without `authorization`), from an address of its own (per-IP
 * limits are the caller's alone): `(method, path, body?)` → status and parsed body (null for 204).
 */
export function restClient(authorization?: string) {
  const ip = `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  return async (method: string, path: string, body?: unknown) => {
    const res = await rest(
      new Request(`http://localhost/api${path}`, {
        method,
        headers: { 'x-forwarded-for': ip, ...(authorization ? { authorization } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
}
