/** Estonian payment reference numbers: the base digits followed by a 7-3-1 check digit. */

export function checkDigit731(base: string): number {
  if (!/^\d+$/.test(base)) throw new RangeError(`not digits: ${base}`);
  const weights = [7, 3, 1];
  let sum = 0;
  // Weights run 7, 3, 1, 7, 3, 1, ... from the rightmost digit.
  for (let i = 0; i < base.length; i++) sum += Number(base[base.length - 1 - i]) * weights[i % 3]!;
  return (10 - (sum % 10)) % 10;
}

export function referenceNumber(base: number | string): string {
  const digits = String(base);
  return digits + checkDigit731(digits);
}

/** 2 to 20 digits whose last digit is the 7-3-1 check of the others. */
export function isValidReferenceNumber(value: string): boolean {
  return /^\d{2,20}$/.test(value) && checkDigit731(value.slice(0, -1)) === Number(value.at(-1));
}
