import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';

const rest = createRestHandler(appRouter);

/** The REST API in-process as one caller: `(method, path, body?)` → status and parsed body (null for 204). */
export function restClient(authorization: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await rest(
      new Request(`http://localhost/api${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
}
