import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/** Where uploaded bytes live: the local disk by default, an S3-compatible bucket when S3_* is set. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
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
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(fileOf(key)));
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}

export type S3Config = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/** Any S3-compatible store (AWS, R2, MinIO), path-style, signed with SigV4. */
export function s3Storage(config: S3Config): FileStorage {
  const client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: 's3' });
  const url = (key: string) => `${config.endpoint.replace(/\/$/, '')}/${config.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    async put(key, bytes, contentType) {
      const res = await client.fetch(url(key), { method: 'PUT', body: bytes as Uint8Array<ArrayBuffer>, headers: { 'content-type': contentType } });
      if (!res.ok) throw new Error(`S3 PUT ${key} answered ${res.status}`);
    },
    async get(key) {
      const res = await client.fetch(url(key), { method: 'GET' });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`S3 GET ${key} answered ${res.status}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}

function s3ConfigFromEnv(): S3Config | null {
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) return null;
  return { endpoint: S3_ENDPOINT, bucket: S3_BUCKET, region: S3_REGION || 'auto', accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY };
}

let storage: FileStorage | undefined;
export function fileStorage(): FileStorage {
  if (!storage) {
    const s3 = s3ConfigFromEnv();
    storage = s3 ? s3Storage(s3) : localDiskStorage();
  }
  return storage;
}
