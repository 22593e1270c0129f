/**
 * Exact decimal <-> integer conversion. Money is integer cents; prices are integer 1/10000ths.
 * Values arrive as JSON numbers or Postgres numeric strings and never go through float arithmetic.
 */

/** The decimal places a JSON number or numeric string is written with ("12.50" -> 2, 1e-7 -> 7). */
export function decimalPlaces(value: number | string): number {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const dot = text.indexOf('.');
  if (dot < 0) return 0;
  return text.slice(dot + 1).replace(/0+$/, '').length;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // Exponent notation (1e-7, 1e21): spell it out.
  return n.toFixed(20).replace(/\.?0+$/, '');
}

/** `value` scaled by 10^scale as an exact integer; throws when it has more places than `scale`. */
export function toUnits(value: number | string, scale: number): number {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`not a decimal: ${text}`);
  const [, sign, whole = '', frac = ''] = match;
  const trimmed = frac.replace(/0+$/, '');
  if (trimmed.length > scale) throw new RangeError(`${text} has more than ${scale} decimal places`);
  const units = Number(whole || '0') * 10 ** scale + Number(trimmed.padEnd(scale, '0') || '0');
  if (!Number.isSafeInteger(units)) throw new RangeError(`${text} is too large`);
  return sign ? -units : units;
}

/** An integer of 10^-scale units as a JSON number (exact for what the API exchanges). */
export function fromUnits(units: number, scale: number): number {
  return Number(unitsToString(units, scale));
}

/** An integer of 10^-scale units as a plain decimal string, for numeric columns ("1234.50"). */
export function unitsToString(units: number, scale: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = Math.abs(units);
  if (scale === 0) return `${sign}${abs}`;
  const digits = String(abs).padStart(scale + 1, '0');
  return `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Divides integers rounding half away from zero (the contract's rounding for money). */
export function divRoundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}
