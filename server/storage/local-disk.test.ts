import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localDiskStorage, StorageFullError } from './index';

describe('local disk store', () => {
  it('keeps a file whole or not at all: a full disk (ENOSPC) leaves nothing under the key', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-disk-'));
    const store = localDiskStorage(root);
    await store.put('tenant/kept', new Uint8Array([1, 2, 3]), 'image/png');
    expect(await store.get('tenant/kept')).toEqual(new Uint8Array([1, 2, 3]));

    // The file is written aside first; pointing that name at /dev/full makes the kernel answer ENOSPC.
    fs.symlinkSync('/dev/full', path.join(root, 'tenant', `full.${process.pid}.part`));
    const failure = await store.put('tenant/full', new Uint8Array(64 * 1024), 'image/png').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(StorageFullError);
    expect(String((failure as Error).message)).toContain('ENOSPC');
    expect(await store.get('tenant/full')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'tenant')).sort()).toEqual(['kept']);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
