import { createPrivateKey, createPublicKey, type KeyObject, sign, verify, X509Certificate } from 'node:crypto';

/**
 * The Estonian banklink protocol iPizza, VK_VERSION 008: the payment request 1012 and the answers 1111
 * (paid) and 1911 (cancelled or failed).
 *
 * The MAC covers these fields in this order. The order is the Estonian banks' common specification of
 * 2016 (new payment packets 1011/1012, 1111, 1911), as transcribed field by field in
 * nortal/banklink, core/src/main/resources/META-INF/spec/standard.spec (PACKET 1012, PACKET 1111,
 * PACKET 1911). VK_MAC, VK_ENCODING, VK_LANG and VK_AUTO are sent but not signed.
 */
export const MAC_FIELDS = {
  '1012': ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_STAMP', 'VK_AMOUNT', 'VK_CURR', 'VK_REF', 'VK_MSG', 'VK_RETURN', 'VK_CANCEL', 'VK_DATETIME'],
  '1111': ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_REC_ID', 'VK_STAMP', 'VK_T_NO', 'VK_AMOUNT', 'VK_CURR', 'VK_REC_ACC', 'VK_REC_NAME', 'VK_SND_ACC', 'VK_SND_NAME', 'VK_REF', 'VK_MSG', 'VK_T_DATETIME'],
  '1911': ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_REC_ID', 'VK_STAMP', 'VK_REF', 'VK_MSG'],
} as const;

export type IpizzaService = keyof typeof MAC_FIELDS;
export type IpizzaFields = Record<string, string>;
/** 008 signs with RSA-SHA1; some banks sign with SHA-256 instead (per provider). */
export type MacAlgorithm = 'sha1' | 'sha256';

/** How long a request's VK_DATETIME stays acceptable, either way (a stale or a future one is refused). */
export const DATETIME_WINDOW_MS = 5 * 60 * 1000;

export function isIpizzaService(value: string | undefined): value is IpizzaService {
  return value !== undefined && Object.hasOwn(MAC_FIELDS, value);
}

/**
 * The text that is signed: for each MAC field of the service in its order, its length in characters
 * (Unicode code points of the UTF-8 text, not bytes) as three digits, then the value. A missing field
 * counts as empty ("000").
 */
export function macString(fields: IpizzaFields): string {
  const service = fields.VK_SERVICE;
  if (!isIpizzaService(service)) throw new RangeError(`unknown VK_SERVICE ${service}`);
  return MAC_FIELDS[service]
    .map((name) => {
      const value = fields[name] ?? '';
      const length = [...value].length;
      if (length > 999) throw new RangeError(`${name} is longer than 999 characters`);
      return String(length).padStart(3, '0') + value;
    })
    .join('');
}

/** VK_MAC: the MAC string signed with RSA (PKCS#1 v1.5) and the provider's hash, base64. */
export function signFields(fields: IpizzaFields, privateKey: KeyObject, algorithm: MacAlgorithm = 'sha1'): string {
  return sign(algorithm, Buffer.from(macString(fields), 'utf8'), privateKey).toString('base64');
}

/** Whether VK_MAC is the signature of the fields by the holder of `publicKey`; anything malformed is false. */
export function verifyFields(fields: IpizzaFields, publicKey: KeyObject, algorithm: MacAlgorithm = 'sha1'): boolean {
  const mac = fields.VK_MAC;
  if (!mac || !/^[A-Za-z0-9+/=\s]+$/.test(mac)) return false;
  try {
    return verify(algorithm, Buffer.from(macString(fields), 'utf8'), publicKey, Buffer.from(mac, 'base64'));
  } catch {
    return false;
  }
}

/** A PEM from the environment, where `\n` may stand for line breaks. */
function pemText(pem: string): string {
  return pem.replace(/\\n/g, '\n').trim();
}

export function privateKeyFrom(pem: string): KeyObject {
  return createPrivateKey(pemText(pem));
}

/** The bank's key from its X.509 certificate or a public key PEM. */
export function publicKeyFrom(pem: string): KeyObject {
  const text = pemText(pem);
  return text.includes('BEGIN CERTIFICATE') ? new X509Certificate(text).publicKey : createPublicKey(text);
}

/** DATETIME as the specification writes it: `2026-11-25T09:21:40+0200` (here always UTC, `+0000`). */
export function formatDatetime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}+0000`;
}

/** The instant of a DATETIME (`+hhmm`, `+hh:mm` or `Z`), or null when it is not one. */
export function parseDatetime(value: string | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:Z|([+-])(\d{2}):?(\d{2}))$/.exec(value ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s, sign, oh, om] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const at = new Date(utc);
  if (at.getUTCFullYear() !== Number(y) || at.getUTCMonth() !== Number(mo) - 1 || at.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  const offset = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000 : 0;
  return new Date(utc - offset);
}

/** Whether a DATETIME lies within DATETIME_WINDOW_MS of `now`, before or after. */
export function isFreshDatetime(value: string | undefined, now: Date): boolean {
  const at = parseDatetime(value);
  return at !== null && Math.abs(at.getTime() - now.getTime()) <= DATETIME_WINDOW_MS;
}

/** Cents as VK_AMOUNT writes them: `12.30`. */
export function formatAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** VK_AMOUNT in cents: a positive sum with at most two decimals (`.` as the mark), else null. */
export function parseAmount(value: string | undefined): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value ?? '');
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}
