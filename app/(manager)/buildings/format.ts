export { compareApartmentNumbers } from '@/server/domain/apartment-number';

export { formatMoney } from '@/lib/format';

/**
 * A decimal typed by a person: "45.5", "45,5" or " 45 " → 45.5; empty → null; anything else → 'invalid'.
 * Estonian spreadsheets and keyboards use a comma as the decimal mark.
 */
export function parseDecimal(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  const normalized = trimmed.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(normalized) && !/^-?\.\d+$/.test(normalized)) return 'invalid';
  return Number(normalized);
}

/** A whole number typed by a person; empty → null; anything else → 'invalid'. */
export function parseInteger(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^-?\d+$/.test(trimmed)) return 'invalid';
  return Number(trimmed);
}

