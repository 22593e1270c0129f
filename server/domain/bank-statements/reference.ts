import { isValidReferenceNumber } from '../reference-number';

/** ISO 11649 creditor reference: RF, 2 check digits, up to 21 letters/digits, mod 97 = 1. */
export function isValidRfReference(value: string): boolean {
  const s = value.replace(/\s+/g, '').toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const n = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of n) rem = (rem * 10 + Number(d)) % 97;
  }
  return rem === 1;
}

/**
 * The Estonian reference numbers an entry carries: the structured reference first (an RF reference gives the
 * Estonian number inside it), then digit groups of the free text with a valid 7-3-1 check digit.
 */
export function referenceCandidates(reference: string | null, description: string | null): string[] {
  const out: string[] = [];
  const add = (v: string) => {
    const digits = v.replace(/^0+/, '');
    if (isValidReferenceNumber(digits) && !out.includes(digits)) out.push(digits);
  };
  for (const raw of [reference, description]) {
    if (!raw) continue;
    for (const m of raw.toUpperCase().matchAll(/RF\s?\d{2}(?:\s?[0-9A-Z]){1,21}/g)) {
      const s = m[0].replace(/\s+/g, '');
      if (isValidRfReference(s) && /^\d+$/.test(s.slice(4))) add(s.slice(4));
    }
    if (raw === reference) {
      const compact = raw.replace(/\s+/g, '');
      if (/^\d{2,20}$/.test(compact)) add(compact);
    }
    for (const m of raw.matchAll(/(?<![\dA-Za-z])\d{2,20}(?![\dA-Za-z])/g)) add(m[0]);
  }
  return out;
}

/** Candidate invoice numbers in free text: `<prefix><year>-<6 digits>`, the prefix letters/digits/'-' (at most 10). */
export function invoiceNumberCandidates(text: string | null): string[] {
  if (!text) return [];
  const out = new Set<string>();
  for (const m of text.toUpperCase().matchAll(/\d{4}-\d{6}(?!\d)/g)) {
    const before = text.toUpperCase().slice(Math.max(0, m.index - 10), m.index);
    const prefix = /[A-Z0-9-]*$/.exec(before)![0];
    for (let i = 0; i <= prefix.length; i++) out.add(prefix.slice(i) + m[0]);
  }
  return [...out];
}
