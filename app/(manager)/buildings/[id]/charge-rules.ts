import type { z } from 'zod';
import type { SelectOption } from '@/components/ui/options-select';
import { checkWithSchema, type PathErrors } from '@/lib/schema-check';
import { UpdateBuildingInput, type ChargeRuleInput } from '@/server/api/schemas/buildings';
import { parseDecimal } from '../format';
import type { ChargeBasis, ChargeRule, MeterType } from '../types';

export const BASES: Array<{ value: ChargeBasis; label: string }> = [
  { value: 'area', label: 'Per m² (area)' },
  { value: 'apartment', label: 'Per apartment' },
  { value: 'resident', label: 'Per resident' },
  { value: 'meter', label: 'By meter' },
  { value: 'split_area', label: 'Split by area' },
];

export const METER_TYPES: Array<SelectOption & { value: MeterType; unit: string }> = [
  { value: 'cold_water', label: 'Cold water', unit: 'm³' },
  { value: 'hot_water', label: 'Hot water', unit: 'm³' },
  { value: 'heating', label: 'Heating', unit: 'MWh' },
  { value: 'electricity', label: 'Electricity', unit: 'kWh' },
  { value: 'gas', label: 'Gas', unit: 'm³' },
];

export const MAX_RULES = 50;

/** A rule as typed: numbers stay text until sent. `key` tells the rows apart while they move. */
export type Draft = {
  key: string;
  name: string;
  basis: ChargeBasis;
  unitPrice: string;
  meterType: MeterType | '';
  totalAmount: string;
  vatRate: string;
};
export type DraftField = 'name' | 'basis' | 'meterType' | 'unitPrice' | 'totalAmount' | 'vatRate';
/** What buildings.update and buildings.previewCharges take. */
export type RuleInput = z.input<typeof ChargeRuleInput>;

/** The order in which a rule's fields are looked at for the first error. */
const FIELD_ORDER: DraftField[] = ['name', 'basis', 'meterType', 'unitPrice', 'totalAmount', 'vatRate'];

export function draftOf(rule: ChargeRule): Draft {
  return {
    key: rule.id,
    name: rule.name,
    basis: rule.basis,
    unitPrice: rule.basis === 'split_area' ? '' : String(rule.unitPrice),
    meterType: rule.meterType ?? '',
    totalAmount: rule.totalAmount == null ? '' : String(rule.totalAmount),
    vatRate: String(rule.vatRate),
  };
}

export function emptyDraft(key: string): Draft {
  return { key, name: '', basis: 'area', unitPrice: '', meterType: '', totalAmount: '', vatRate: '0' };
}

/** The values without the row keys, to tell whether anything changed since the last save. */
export function signature(drafts: Draft[]): string {
  return JSON.stringify(
    drafts.map(({ name, basis, unitPrice, meterType, totalAmount, vatRate }) => [
      name,
      basis,
      basis === 'split_area' ? '' : unitPrice.trim(),
      basis === 'meter' ? meterType : '',
      basis === 'split_area' ? totalAmount.trim() : '',
      vatRate.trim(),
    ]),
  );
}

/** A field's path as the server's 422 names it. */
export const rulePath = (index: number, field: DraftField) => `chargeRules.${index}.${field}`;

/** The rules part of buildings.update: the server's own schema checks the rules here too. */
const ChargeRulesInput = UpdateBuildingInput.pick({ chargeRules: true });

/**
 * The rules as the server takes them, and the errors keyed like the server's paths: the numbers a person
 * typed that are not numbers, then what the server's schema refuses (a price out of range, say).
 */
export function toInput(drafts: Draft[]): { rules: RuleInput[]; errors: PathErrors } {
  const errors: PathErrors = {};
  const rules = drafts.map((draft, index) => {
    const rule: RuleInput = { name: draft.name.trim(), basis: draft.basis };
    const number = (field: 'unitPrice' | 'totalAmount' | 'vatRate', example: string) => {
      const value = parseDecimal(draft[field]);
      if (value === 'invalid') {
        errors[rulePath(index, field)] = `Enter a number, e.g. ${example}.`;
        return undefined;
      }
      return value ?? undefined;
    };
    if (draft.basis === 'split_area') rule.totalAmount = number('totalAmount', '1200.00') ?? null;
    else rule.unitPrice = number('unitPrice', '0.85');
    if (draft.basis === 'meter') rule.meterType = draft.meterType || null;
    rule.vatRate = number('vatRate', '22') ?? 0;
    return rule;
  });
  const schemaErrors = checkWithSchema(ChargeRulesInput, { chargeRules: rules }).errors ?? {};
  for (const [at, message] of Object.entries(schemaErrors)) errors[at] ??= message;
  return { rules, errors };
}

/** Names are required on saving only, so that a new rule is not marked before it is filled in. */
export function missingNames(drafts: Draft[]): PathErrors {
  const found: PathErrors = {};
  drafts.forEach((draft, index) => {
    if (!draft.name.trim()) found[rulePath(index, 'name')] = 'Enter a name; it is the invoice line’s description.';
  });
  return found;
}

/** The `data-focus` of the first field with an error, rule by rule; null when none has one. */
export function firstErrorFocus(drafts: Draft[], errors: PathErrors): string | null {
  for (let index = 0; index < drafts.length; index++) {
    const field = FIELD_ORDER.find((f) => errors[rulePath(index, f)]);
    if (field) return `${drafts[index]!.key}:${field}`;
  }
  return null;
}

/** The errors that no field can show (e.g. about the whole list), once each. */
export function listErrors(...sources: PathErrors[]): string[] {
  const messages = sources.flatMap((errors) => Object.entries(errors).filter(([at]) => !/^chargeRules\.\d+\./.test(at)).map(([, message]) => message));
  return [...new Set(messages)];
}

export function unitPriceLabel(draft: Draft, currency: string): string {
  switch (draft.basis) {
    case 'area':
      return `Unit price (${currency} per m²)`;
    case 'apartment':
      return `Unit price (${currency} per apartment)`;
    case 'resident':
      return `Unit price (${currency} per resident)`;
    case 'meter': {
      const unit = METER_TYPES.find((t) => t.value === draft.meterType)?.unit;
      return unit ? `Unit price (${currency} per ${unit})` : `Unit price (${currency} per unit)`;
    }
    default:
      return `Unit price (${currency})`;
  }
}
