import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as uploadRoute } from '@/app/api/uploads/route';
import { getDb } from '@/db/client';
import { uploads } from '@/db/schema';
import { readUpload } from '@/server/services/uploads/read-upload';
import { storeUpload } from '@/server/services/uploads/store-upload';
import { bearerFor, makeTenant, serviceContext, TINY_PNG } from '@/test/factories';
import { fileStorage, s3Storage, type S3Config } from './index';

const ACCESS_KEY = 'AKIDEXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';

type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders; signatureValid: boolean; scope: string | null; body: Buffer };

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Checks an AWS Signature Version 4 header the way S3 does, written from the specification rather than
 * with the client's library: canonical request → string to sign → key derived from the secret.
 */
function verifySigV4(req: http.IncomingMessage, secret: string): { valid: boolean; scope: string | null } {
  const auth = req.headers.authorization ?? '';
  const m = auth.match(/^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]*)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/);
  if (!m) return { valid: false, scope: null };
  const [, accessKey, date, region, service, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string, string];
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  const url = new URL(req.url!, 'http://placeholder');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const canonicalRequest = [req.method, url.pathname, url.searchParams.toString(), canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = hmac(key, stringToSign).toString('hex');
  return { valid: accessKey === ACCESS_KEY && amzDate.startsWith(date) && signedHeaders.includes('host') && expected === signature, scope };
}

/** A tiny S3: objects by path, SigV4 checked on every request; `/broken/...` answers 500. */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url!, 'http://placeholder').pathname;
      const { valid, scope } = verifySigV4(req, SECRET);
      seen.push({ method: req.method!, path, headers: req.headers, signatureValid: valid, scope, body });
      const xml = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
      };
      if (!valid) return xml(403, 'SignatureDoesNotMatch');
      if (path.includes('/broken/')) return xml(500, 'InternalError');
      if (path.startsWith('/full/')) return xml(507, 'XMinioStorageFull');
      if (req.method === 'PUT') {
        objects.set(path, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      const object = objects.get(path);
      if (req.method === 'GET') {
        if (!object) return xml(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length });
        return res.end(object.body);
      }
      if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204);
        return res.end();
      }
      xml(405, 'MethodNotAllowed');
    });
  });
  return { server, objects, seen };
}

const s3 = fakeS3();
let endpoint = '';
const config = (over: Partial<S3Config> = {}): S3Config => ({ endpoint, bucket: 'photos', region: 'eu-north-1', accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, ...over });

beforeAll(async () => {
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => s3.server.close(() => resolve())));
beforeEach(() => {
  s3.seen.length = 0;
});

describe('S3 store', () => {
  it('PUTs, GETs and DELETEs path-style objects with SigV4-signed requests, keeping the content type', async () => {
    const store = s3Storage(config());
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await store.put('tenant-1/file-1', bytes, 'image/webp');
    expect(await store.get('tenant-1/file-1')).toEqual(bytes);
    await store.delete('tenant-1/file-1');
    expect(await store.get('tenant-1/file-1')).toBeNull();
    // Deleting what is not there is fine.
    await store.delete('tenant-1/file-1');

    expect(s3.seen.map((r) => [r.method, r.path])).toEqual([
      ['PUT', '/photos/tenant-1/file-1'],
      ['GET', '/photos/tenant-1/file-1'],
      ['DELETE', '/photos/tenant-1/file-1'],
      ['GET', '/photos/tenant-1/file-1'],
      ['DELETE', '/photos/tenant-1/file-1'],
    ]);
    for (const r of s3.seen) {
      expect(r.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-north-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/);
      expect(r.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
      expect(r.signatureValid).toBe(true);
    }
    const put = s3.seen[0]!;
    expect(put.headers['content-type']).toBe('image/webp');
    expect([...put.body]).toEqual([...bytes]);
  });

  it('round-trips the content type and bytes of an upload stored through the S3 settings', async () => {
    const previous = { ...process.env };
    Object.assign(process.env, { S3_ENDPOINT: `${endpoint}/`, S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: SECRET });
    delete process.env.S3_REGION;
    try {
      const t = await makeTenant();
      const ctx = serviceContext(t.tenantId, t.resident);
      const stored = await storeUpload({ ctx, input: { bytes: TINY_PNG } });
      const put = s3.seen.find((r) => r.method === 'PUT')!;
      // A trailing slash on the endpoint does not double the slash; without S3_REGION a local endpoint signs for us-east-1.
      expect(put.path).toBe(`/uploads/${t.tenantId}/${stored.id}`);
      expect(put.scope).toMatch(/^\d{8}\/us-east-1\/s3\/aws4_request$/);
      expect(s3.objects.get(put.path)?.contentType).toBe('image/png');
      const read = await readUpload({ ctx, input: { id: stored.id } });
      expect(read.contentType).toBe('image/png');
      expect(Buffer.from(read.bytes).equals(TINY_PNG)).toBe(true);
      expect(fileStorage()).toBe(fileStorage());
    } finally {
      process.env = previous;
    }
  });

  it('encodes keys in the path the same way it signs them', async () => {
    const store = s3Storage(config({ endpoint: `${endpoint}/prefix` }));
    await store.put('tenant/ä b+c.png', new Uint8Array([7]), 'image/png');
    expect(await store.get('tenant/ä b+c.png')).toEqual(new Uint8Array([7]));
    expect(s3.seen.map((r) => [r.path, r.signatureValid])).toEqual([
      ['/prefix/photos/tenant/%C3%A4%20b%2Bc.png', true],
      ['/prefix/photos/tenant/%C3%A4%20b%2Bc.png', true],
    ]);
  });

  it('fails with the status on a refused signature, and gives up on a failing server after two retries', async () => {
    const wrongSecret = s3Storage(config({ secretAccessKey: 'not-the-secret' }));
    await expect(wrongSecret.put('k/1', new Uint8Array([1]), 'image/png')).rejects.toThrow('S3 PUT k/1 answered 403');
    await expect(wrongSecret.get('k/1')).rejects.toThrow('answered 403');
    await expect(wrongSecret.delete('k/1')).rejects.toThrow('answered 403');

    s3.seen.length = 0;
    const store = s3Storage(config());
    await expect(store.put('broken/1', new Uint8Array([1]), 'image/png')).rejects.toThrow('S3 PUT broken/1 answered 500');
    expect(s3.seen.filter((r) => r.path === '/photos/broken/1')).toHaveLength(3);
  });

  it('answers 503 with the envelope when the bucket is full, and keeps no row and no object', async () => {
    const previous = { ...process.env };
    Object.assign(process.env, { S3_ENDPOINT: endpoint, S3_BUCKET: 'full', S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: SECRET });
    try {
      const t = await makeTenant();
      const form = new FormData();
      form.set('file', new Blob([TINY_PNG], { type: 'image/png' }), 'meter.png');
      const res = await uploadRoute(new Request('http://localhost/api/uploads', { method: 'POST', headers: { authorization: await bearerFor(t.tenantId, t.resident) }, body: form }), { params: Promise.resolve({}) });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('not kept') } });
      expect(await getDb().select().from(uploads).where(eq(uploads.tenantId, t.tenantId))).toEqual([]);
      expect([...s3.objects.keys()].filter((k) => k.startsWith('/full/'))).toEqual([]);
    } finally {
      process.env = previous;
    }
  });
});
