/**
 * The EPC QR code payload (European Payments Council, "SEPA credit transfer", version 002) that
 * banking apps scan to fill in a payment: beneficiary, IBAN, amount and the remittance text.
 */
export function epcPayload(input: { name: string; iban: string; amountCents: number; remittance: string; bic?: string }): string {
  if (input.amountCents <= 0 || input.amountCents > 99_999_999_999) throw new RangeError('EPC amounts are 0.01 to 999999999.99');
  const amount = `EUR${Math.floor(input.amountCents / 100)}.${String(input.amountCents % 100).padStart(2, '0')}`;
  return [
    'BCD',
    '002',
    '1', // UTF-8
    'SCT',
    input.bic ?? '',
    input.name.slice(0, 70),
    input.iban.replace(/\s+/g, '').toUpperCase(),
    amount,
    '', // purpose
    '', // structured (RF) reference: Estonian reference numbers go in the text
    input.remittance.slice(0, 140),
  ].join('\n');
}
