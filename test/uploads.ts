import { POST as uploadRoute } from '@/app/api/uploads/route';
import { GET as downloadRoute } from '@/app/api/uploads/[id]/route';

/** POST /api/uploads as the caller: a file in a multipart form, as the app and integrators send it. */
export async function upload(authorization: string, bytes: Uint8Array, name = 'photo.png') {
  const form = new FormData();
  form.set('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const res = await uploadRoute(new Request('http://localhost/api/uploads', { method: 'POST', headers: { authorization }, body: form }), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

/** GET /api/uploads/{id} as the caller. */
export async function download(authorization: string, id: string) {
  return downloadRoute(new Request(`http://localhost/api/uploads/${id}`, { headers: { authorization } }), { params: Promise.resolve({ id }) });
}
