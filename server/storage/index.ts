import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/** The store could not keep the bytes: a full or read-only disk, a bucket out of space or down. Nothing was kept. */
export class StorageFullError extends Error {}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/** Where uploaded bytes live: the local disk by default, an S3-compatible bucket when S3_* is set. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  /** Removes a file; one that is not there is no error. */
  delete(key: string): Promise<void>;
}

export function localDiskStorage(root = path.join(process.cwd(), '.data', 'uploads')): FileStorage {
  const fileOf = (key: string) => {
    // Keys are ours (tenant/uuid), but never let one escape the root.
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error(`bad storage key: ${key}`);
    return file;
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      // Written aside and renamed: a disk that fills up half-way leaves no half file under the key.
      const partial = `${file}.${process.pid}.part`;
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(partial, bytes);
        await fs.rename(partial, file);
      } catch (err) {
        await fs.rm(partial, { force: true }).catch(() => {});
        const code = (err as { code?: string }).code;
        if (code && DISK_FULL.has(code)) throw new StorageFullError(`The disk refused the file (${code})`, { cause: err });
        throw err;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(fileOf(key)));
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** `region` left out: guessed from an AWS or R2 host, else `us-east-1` (MinIO's default). */
export type S3Config = { endpoint: string; bucket: string; region?: string; accessKeyId: string; secretAccessKey: string };

const S3_TIMEOUT_MS = 30_000;

/** Any S3-compatible store (AWS, R2, MinIO), path-style, signed with SigV4. */
export function s3Storage(config: S3Config): FileStorage {
  // Two retries of a 5xx or 429 (aws4fetch's default of ten backs off for most of a minute while the user waits).
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: 's3', retries: 2 });
  const url = (key: string) => `${config.endpoint.replace(/\/+$/, '')}/${config.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const send = (key: string, init: RequestInit) => client.fetch(url(key), { ...init, signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
  // An unread body keeps its connection busy; answers we do not read are dropped.
  const fail = async (res: Response, what: string): Promise<never> => {
    await res.body?.cancel();
    throw new Error(`S3 ${what} answered ${res.status}`);
  };
  return {
    async put(key, bytes, contentType) {
      const res = await send(key, { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': contentType } });
      // 507 is MinIO's "storage full"; a 5xx after the retries is a store that is down. Neither kept the object.
      if (res.status === 507 || res.status >= 500) {
        await res.body?.cancel();
        throw new StorageFullError(`S3 PUT ${key} answered ${res.status}`);
      }
      if (!res.ok) await fail(res, `PUT ${key}`);
      await res.body?.cancel();
    },
    async get(key) {
      const res = await send(key, { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) await fail(res, `GET ${key}`);
      return new Uint8Array(await res.arrayBuffer());
    },
    async delete(key) {
      const res = await send(key, { method: 'DELETE' });
      // S3 answers 204 whether or not the key existed; some compatible stores say 404.
      if (!res.ok && res.status !== 404) await fail(res, `DELETE ${key}`);
      await res.body?.cancel();
    },
  };
}

function s3ConfigFromEnv(): S3Config | null {
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return { endpoint: S3_ENDPOINT, bucket: S3_BUCKET, region: S3_REGION || undefined, accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY };
}

// One store per configuration, so a changed S3_* environment (tests, a settings reload) takes effect.
const stores = new Map<string, FileStorage>();
export function fileStorage(): FileStorage {
  const s3 = s3ConfigFromEnv();
  const key = s3 ? JSON.stringify(s3) : 'local';
  let store = stores.get(key);
  if (!store) {
    store = s3 ? s3Storage(s3) : localDiskStorage();
    stores.set(key, store);
  }
  return store;
}
