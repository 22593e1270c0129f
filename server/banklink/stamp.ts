/**
 * iPizza's VK_STAMP holds at most 20 characters, a payment id 36. The stamp is the id's first four groups
 * without dashes (20 hex digits, 74 random bits of a v4 UUID): the bank echoes it and the callback finds
 * the payment by the range of ids that begin so, on the primary key's index.
 */
export function stampOf(paymentId: string): string {
  return paymentId.replace(/-/g, '').slice(0, 20).toLowerCase();
}

/** The lowest and highest payment id a stamp stands for; null for anything that is not one of our stamps. */
export function idRangeOf(stamp: string): [string, string] | null {
  if (!/^[0-9a-f]{20}$/i.test(stamp)) return null;
  const s = stamp.toLowerCase();
  const prefix = `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-`;
  return [`${prefix}000000000000`, `${prefix}ffffffffffff`];
}
