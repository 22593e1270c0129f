import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

let cached: Uint8Array | undefined;

/**
 * The key that signs access tokens. AUTH_SECRET in production; outside production, one is
 * generated into .data/auth-secret on first use so a fresh clone needs no setup.
 */
export function authSecret(): Uint8Array {
  if (cached) return cached;
  let secret = process.env.AUTH_SECRET;
  if (!secret) {
    if (process.env.NODE_ENV === 'production') throw new Error('AUTH_SECRET must be set in production');
    const file = path.join(process.cwd(), '.data', 'auth-secret');
    if (fs.existsSync(file)) {
      secret = fs.readFileSync(file, 'utf8').trim();
    } else {
      secret = randomBytes(32).toString('base64url');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, secret, { mode: 0o600 });
    }
    process.env.AUTH_SECRET = secret;
  }
  cached = new TextEncoder().encode(secret);
  return cached;
}
