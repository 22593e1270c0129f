import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import type { ChargeBasis, MeterType } from './enums';
import type { FieldError } from './errors';
import { decimalPlaces } from './decimal';
import { fieldIssue } from './errors';

export type ChargeRuleInput = {
  name: string;
  basis: ChargeBasis;
  unitPrice?: number;
  meterType?: MeterType | null;
  totalAmount?: number | null;
  vatRate?: number;
};

/** The semantic checks of a building's charge rules; each problem names its path, e.g. `chargeRules.2.meterType`. */
export function validateChargeRules(rules: ChargeRuleInput[]): FieldError[] {
  const errors: FieldError[] = [];
  rules.forEach((r, i) => {
    const at = (field: string) => `chargeRules.${i}.${field}`;
    if (r.basis === 'meter' && !r.meterType) errors.push(fieldIssue.own(at('meterType'), 'requiredForBasis', 'is required for a meter rule'));
    if (r.basis !== 'meter' && r.meterType) errors.push(fieldIssue.own(at('meterType'), 'onlyForBasis', 'is only for meter rules'));
    if (r.basis === 'split_area') {
      if (r.totalAmount == null) errors.push(fieldIssue.own(at('totalAmount'), 'requiredForBasis', 'is required for a split_area rule'));
      else if (r.totalAmount < 0) errors.push(fieldIssue.negative(at('totalAmount')));
      else if (decimalPlaces(r.totalAmount) > 2) errors.push(fieldIssue.decimals(at('totalAmount'), 2));
    } else {
      if (r.totalAmount != null) errors.push(fieldIssue.own(at('totalAmount'), 'onlyForBasis', 'is only for split_area rules'));
      if (r.unitPrice == null) errors.push(fieldIssue.required(at('unitPrice')));
      else if (r.unitPrice < 0) errors.push(fieldIssue.negative(at('unitPrice')));
      else if (decimalPlaces(r.unitPrice) > 4) errors.push(fieldIssue.decimals(at('unitPrice'), 4));
    }
    const vat = r.vatRate ?? 0;
    if (vat < 0 || vat > 100) errors.push(fieldIssue.between(at('vatRate'), 0, 100));
    else if (decimalPlaces(vat) > 2) errors.push(fieldIssue.decimals(at('vatRate'), 2));
  });
  return errors;
}

/** An IBAN in electronic form (no spaces, upper case), or an error when its checksum fails. */
export function normalizeIban(iban: string): { iban: string } | { error: string } {
  const compact = electronicFormatIBAN(iban) ?? '';
  return isValidIBAN(compact) ? { iban: compact } : { error: 'is not a valid IBAN' };
}
