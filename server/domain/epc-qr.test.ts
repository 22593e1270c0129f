import { describe, expect, it } from 'vitest';
import { epcPayload } from './epc-qr';

describe('EPC QR payload', () => {
  it('holds the fields a banking app reads, in order', () => {
    const payload = epcPayload({ name: 'KÜ Tamme 12', iban: 'EE38 2200 2210 2014 5685', amountCents: 12_345, remittance: 'Viitenumber 10016 INV-2026-000001' });
    expect(payload.split('\n')).toEqual(['BCD', '002', '1', 'SCT', '', 'KÜ Tamme 12', 'EE382200221020145685', 'EUR123.45', '', '', 'Viitenumber 10016 INV-2026-000001']);
    expect(epcPayload({ name: 'X', iban: 'EE38', amountCents: 5, remittance: '' })).toContain('EUR0.05');
    expect(() => epcPayload({ name: 'X', iban: 'EE38', amountCents: 0, remittance: '' })).toThrow(RangeError);
  });
});
