import { createHmac } from 'node:crypto';

/**
 * `X-Service-Signature`: `sha256=` and the lowercase hex HMAC-SHA256 of the exact body bytes, keyed with
 * the whole secret string (`whsec_…`, UTF-8). During a rotation's overlap both are sent, the new one
 * first, comma-separated; a receiver accepts the request when any of them matches its secret.
 */
export function signatureHeader(body: string, secrets: string[]): string {
  return secrets.map((secret) => `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`).join(',');
}
