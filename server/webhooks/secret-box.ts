import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { authSecret } from '@/server/auth/secret';

/**
 * Webhook signing secrets at rest: AES-256-GCM with a key from WEBHOOK_SECRET_KEY, or else derived
 * from AUTH_SECRET (HKDF, its own label), so a fresh clone needs no setup and production needs only
 * the secret it already has. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
function key(): Buffer {
  const configured = process.env.WEBHOOK_SECRET_KEY;
  if (configured) return createHash('sha256').update(configured).digest();
  return Buffer.from(hkdfSync('sha256', authSecret(), Buffer.alloc(0), 'property-billing webhook secrets v1', 32));
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function openSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new signing secret as shown to the integrator once: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
