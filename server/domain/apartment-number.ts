/** Compares apartment numbers as numbers when both are digits, else as text with numeric parts (2 < 10, 2a < 10b). */
export function compareApartmentNumbers(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) - Number(b) || a.localeCompare(b);
  return a.localeCompare(b, undefined, { numeric: true });
}
