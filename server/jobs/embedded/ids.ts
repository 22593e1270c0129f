import { createHash } from 'node:crypto';

/**
 * A UUID derived from a key (name-based, SHA-1, like UUIDv5). Run ids derived from "what caused the
 * run" make enqueueing idempotent: the same event id or cron tick inserts the same row once, even from
 * two server instances.
 */
export function uuidFromKey(key: string): string {
  const bytes = createHash('sha1').update(`property-billing:${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
