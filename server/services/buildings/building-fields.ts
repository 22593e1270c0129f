import { decimalPlaces, toUnits, unitsToString } from '@/server/domain/decimal';
import { type ChargeRuleInput, normalizeIban, validateChargeRules } from '@/server/domain/billing-settings';
import type { FieldError } from '../errors';
import { ValidationError } from '../errors';
import { fieldIssue } from '@/server/domain/errors';

export type BuildingFieldsInput = {
  name?: string;
  address?: string;
  city?: string | null;
  postalCode?: string | null;
  country?: string;
  currency?: string;
  paymentTermDays?: number;
  invoicePrefix?: string;
  iban?: string | null;
  bankRecipient?: string | null;
  readingWindowStartDay?: number | null;
  readingWindowEndDay?: number | null;
  penaltyRatePerDay?: number | null;
  reminderDays?: number[];
  reminderMinAmount?: number;
  chargeRules?: ChargeRuleInput[];
};

/** Checks what a create or update sets and returns it ready for the columns; 422 lists every problem. */
export function checkBuildingFields(
  input: BuildingFieldsInput,
  stored: { readingWindowStartDay: number | null; readingWindowEndDay: number | null } = { readingWindowStartDay: null, readingWindowEndDay: null },
) {
  const errors: FieldError[] = [];
  const out: Record<string, unknown> = {};
  const text = (field: 'name' | 'address', value: string | undefined) => {
    if (value === undefined) return;
    if (value.trim() === '') errors.push(fieldIssue.empty(field));
    out[field] = value.trim();
  };
  text('name', input.name);
  text('address', input.address);
  if (input.city !== undefined) out.city = input.city?.trim() || null;
  if (input.postalCode !== undefined) out.postalCode = input.postalCode?.trim() || null;
  if (input.country !== undefined) {
    if (!/^[A-Z]{2}$/.test(input.country)) errors.push({ path: 'country', message: 'must be a two-letter ISO country code' });
    out.country = input.country;
  }
  if (input.currency !== undefined) {
    if (!/^[A-Z]{3}$/.test(input.currency)) errors.push(fieldIssue.own('currency', 'invalidCurrency', 'must be a three-letter ISO currency code'));
    out.currency = input.currency;
  }
  if (input.paymentTermDays !== undefined) {
    if (input.paymentTermDays < 0 || input.paymentTermDays > 365) errors.push(fieldIssue.wholeBetween('paymentTermDays', 0, 365, 'must be between 0 and 365'));
    out.paymentTermDays = input.paymentTermDays;
  }
  if (input.invoicePrefix !== undefined) {
    if (!/^[A-Za-z0-9-]{0,10}$/.test(input.invoicePrefix)) errors.push(fieldIssue.own('invoicePrefix', 'invalidPrefix', 'may hold letters, digits and "-", at most 10'));
    out.invoicePrefix = input.invoicePrefix;
  }
  if (input.iban !== undefined) {
    if (input.iban === null || input.iban.trim() === '') out.iban = null;
    else {
      const checked = normalizeIban(input.iban);
      if ('error' in checked) errors.push(fieldIssue.own('iban', 'invalidIban', checked.error));
      else out.iban = checked.iban;
    }
  }
  if (input.bankRecipient !== undefined) out.bankRecipient = input.bankRecipient?.trim() || null;
  for (const field of ['readingWindowStartDay', 'readingWindowEndDay'] as const) {
    const day = input[field];
    if (day === undefined) continue;
    if (day !== null && (!Number.isInteger(day) || day < 1 || day > 31)) errors.push(fieldIssue.wholeBetween(field, 1, 31, 'must be a day of the month, 1 to 31'));
    out[field] = day;
  }
  // The window as it will be: a day left out keeps the stored one (none for a new building).
  const windowStart = input.readingWindowStartDay === undefined ? stored.readingWindowStartDay : input.readingWindowStartDay;
  const windowEnd = input.readingWindowEndDay === undefined ? stored.readingWindowEndDay : input.readingWindowEndDay;
  if ((windowStart === null) !== (windowEnd === null)) {
    errors.push(fieldIssue.own(windowEnd === null ? 'readingWindowEndDay' : 'readingWindowStartDay', 'bothOrNeither', 'set both days of the reading window, or neither'));
  }
  if (input.penaltyRatePerDay !== undefined) {
    const rate = input.penaltyRatePerDay;
    if (rate !== null && !(rate >= 0 && rate <= 1)) errors.push(fieldIssue.between('penaltyRatePerDay', 0, 1, 'must be between 0 and 1 (percent per day)'));
    else if (rate !== null && decimalPlaces(rate) > 4) errors.push(fieldIssue.decimals('penaltyRatePerDay', 4));
    else out.penaltyRatePerDay = rate === null ? null : unitsToString(toUnits(rate, 4), 4);
  }
  if (input.reminderDays !== undefined) {
    if (input.reminderDays.some((d) => !Number.isInteger(d) || d < -30 || d > 365)) errors.push(fieldIssue.wholeBetween('reminderDays', -30, 365, 'each step must be a whole number of days from -30 to 365'));
    else if (new Set(input.reminderDays).size !== input.reminderDays.length) errors.push(fieldIssue.own('reminderDays', 'noRepeats', 'must not repeat a step'));
    else if (input.reminderDays.length > 6) errors.push(fieldIssue.tooMany('reminderDays', 6, 'has at most 6 steps'));
    else out.reminderDays = [...input.reminderDays].sort((a, b) => a - b);
  }
  if (input.reminderMinAmount !== undefined) {
    if (!(input.reminderMinAmount >= 0) || decimalPlaces(input.reminderMinAmount) > 2) errors.push(fieldIssue.own('reminderMinAmount', 'nonNegativeSum', 'must be 0 or more with at most 2 decimals'));
    else out.reminderMinAmount = toUnits(input.reminderMinAmount, 2);
  }
  if (input.chargeRules) {
    errors.push(...validateChargeRules(input.chargeRules));
    input.chargeRules.forEach((r, i) => {
      if (r.name.trim() === '') errors.push(fieldIssue.empty(`chargeRules.${i}.name`));
    });
  }
  if (errors.length) throw new ValidationError(errors);
  return { columns: out, chargeRules: input.chargeRules };
}

/** Charge rules as rows of the charge_rules table. */
export function chargeRuleRows(tenantId: string, buildingId: string, rules: ChargeRuleInput[]) {
  return rules.map((r, position) => ({
    tenantId,
    buildingId,
    position,
    name: r.name.trim(),
    basis: r.basis,
    unitPrice: r.basis === 'split_area' ? '0' : unitsToString(toUnits(r.unitPrice ?? 0, 4), 4),
    meterType: r.basis === 'meter' ? (r.meterType ?? null) : null,
    totalAmount: r.basis === 'split_area' ? unitsToString(toUnits(r.totalAmount ?? 0, 2), 2) : null,
    vatRate: unitsToString(toUnits(r.vatRate ?? 0, 2), 2),
  }));
}
