import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Translate } from '@/app/portal/translate';
import common from '@/messages/en/common.json';
import en from '@/messages/en/manager-property.json';
import { emptyDraft, firstErrorFocus, listErrors, missingNames, signature, toInput, unitPriceLabel, type Draft } from './charge-rules';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'ChargeRules' }) as Translate;
const fieldT = createTranslator({ locale: 'en', messages: common, namespace: 'FieldErrors' }) as Translate;
const draft = (patch: Partial<Draft>): Draft => ({ ...emptyDraft('k'), name: 'Maintenance', unitPrice: '0,85', ...patch });

describe('toInput', () => {
  it('sends the fields the basis uses, numbers with a comma or a point', () => {
    expect(toInput([draft({}), draft({ key: 'w', basis: 'meter', meterType: 'cold_water', unitPrice: '2.1', vatRate: '22' })], t, fieldT)).toEqual({
      rules: [
        { name: 'Maintenance', basis: 'area', unitPrice: 0.85, vatRate: 0 },
        { name: 'Maintenance', basis: 'meter', unitPrice: 2.1, meterType: 'cold_water', vatRate: 22 },
      ],
      errors: {},
    });
    expect(toInput([draft({ basis: 'split_area', totalAmount: '' })], t, fieldT).rules).toEqual([{ name: 'Maintenance', basis: 'split_area', totalAmount: null, vatRate: 0 }]);
  });

  it('keys what is not a number, and what the server’s schema refuses, by the server’s paths', () => {
    const { errors } = toInput([draft({ unitPrice: 'abc' }), draft({ unitPrice: '2000000000' })], t, fieldT);
    expect(errors['chargeRules.0.unitPrice']).toBe('Enter a number, e.g. 0.85.');
    expect(errors['chargeRules.1.unitPrice']).toBe('Must be less than 1,000,000,000.');
  });
});

describe('saving', () => {
  it('asks for the names that are missing and focuses the first error', () => {
    const drafts = [draft({ key: 'a' }), draft({ key: 'b', name: ' ' })];
    const errors = missingNames(drafts, t);
    expect(errors).toEqual({ 'chargeRules.1.name': 'Enter a name; it is the invoice line’s description.' });
    expect(firstErrorFocus(drafts, { ...errors, 'chargeRules.0.vatRate': 'x' })).toBe('a:vatRate');
    expect(firstErrorFocus(drafts, {})).toBeNull();
  });

  it('shows the errors about the whole list once', () => {
    expect(listErrors({ chargeRules: 'Too many.', 'chargeRules.0.name': 'x' }, { chargeRules: 'Too many.' })).toEqual(['Too many.']);
  });

  it('tells changes apart from a new row key or blanks around a number', () => {
    expect(signature([draft({ key: 'a' })])).toBe(signature([draft({ key: 'b', unitPrice: ' 0,85 ' })]));
    expect(signature([draft({})])).not.toBe(signature([draft({ vatRate: '22' })]));
  });
});

describe('unitPriceLabel', () => {
  it('names the unit the basis charges by', () => {
    expect(unitPriceLabel(draft({}), 'EUR', t)).toBe('Unit price (EUR per m²)');
    expect(unitPriceLabel(draft({ basis: 'meter', meterType: 'heating' }), 'EUR', t)).toBe('Unit price (EUR per MWh)');
    expect(unitPriceLabel(draft({ basis: 'meter' }), 'EUR', t)).toBe('Unit price (EUR per unit)');
  });
});
