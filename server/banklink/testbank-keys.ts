import { generateKeyPairSync, type KeyObject, createPrivateKey, createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

type Pair = { privateKey: KeyObject; publicKey: KeyObject };
export type TestbankKeys = { merchant: Pair; bank: Pair };

let cached: TestbankKeys | undefined;

const FILE = () => path.join(process.cwd(), '.data', 'testbank-keys.json');

function generate(): { merchant: string; bank: string } {
  const pem = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  return { merchant: pem(), bank: pem() };
}

function pairOf(pem: string): Pair {
  const privateKey = createPrivateKey(pem);
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/**
 * The built-in test bank's two RSA key pairs: ours as its merchant (signs 1012) and the bank's (signs
 * 1111/1911). Generated once and kept in `.data/testbank-keys.json` (mode 600), so a payment started
 * before a dev-server restart still verifies after it; where `.data` cannot be written (a read-only
 * production image with TESTBANK=true) they live in memory for the life of the process.
 */
export function testbankKeys(): TestbankKeys {
  if (cached) return cached;
  const file = FILE();
  let pems: { merchant: string; bank: string } | undefined;
  try {
    pems = JSON.parse(fs.readFileSync(file, 'utf8')) as { merchant: string; bank: string };
  } catch {
    pems = generate();
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // Exclusive create: when another process wrote the file first, its keys win.
      fs.writeFileSync(file, JSON.stringify(pems), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
        try {
          pems = JSON.parse(fs.readFileSync(file, 'utf8')) as { merchant: string; bank: string };
        } catch {
          // Half written by the other process: keep ours in memory.
        }
      }
    }
  }
  cached = { merchant: pairOf(pems.merchant), bank: pairOf(pems.bank) };
  return cached;
}
