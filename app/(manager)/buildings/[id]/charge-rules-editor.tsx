'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpIcon, CircleCheckIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTRPC } from '@/lib/trpc/react';
import { parseDecimal } from '../format';
import { asSentence, describeError, errorCode, fieldErrors } from '@/lib/trpc/errors';
import type { Building, ChargeBasis, ChargeRule, MeterType } from '../types';
import { useDebouncedValue } from '../use-debounced-value';
import { ChargesPreview } from './charges-preview';

export const BASES: Array<{ value: ChargeBasis; label: string }> = [
  { value: 'area', label: 'Per m² (area)' },
  { value: 'apartment', label: 'Per apartment' },
  { value: 'resident', label: 'Per resident' },
  { value: 'meter', label: 'By meter' },
  { value: 'split_area', label: 'Split by area' },
];

export const METER_TYPES: Array<{ value: MeterType; label: string; unit: string }> = [
  { value: 'cold_water', label: 'Cold water', unit: 'm³' },
  { value: 'hot_water', label: 'Hot water', unit: 'm³' },
  { value: 'heating', label: 'Heating', unit: 'MWh' },
  { value: 'electricity', label: 'Electricity', unit: 'kWh' },
  { value: 'gas', label: 'Gas', unit: 'm³' },
];

const MAX_RULES = 50;

type Draft = {
  key: string;
  name: string;
  basis: ChargeBasis;
  unitPrice: string;
  meterType: MeterType | '';
  totalAmount: string;
  vatRate: string;
};
type DraftField = 'name' | 'basis' | 'meterType' | 'unitPrice' | 'totalAmount' | 'vatRate';
/** What buildings.update and buildings.previewCharges take. */
type RuleInput = {
  name: string;
  basis: ChargeBasis;
  unitPrice?: number;
  meterType?: MeterType | null;
  totalAmount?: number | null;
  vatRate?: number;
};

let newRuleCounter = 0;

function draftOf(rule: ChargeRule): Draft {
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

/** The values without the row keys, to tell whether anything changed since the last save. */
function signature(drafts: Draft[]): string {
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

const path = (index: number, field: DraftField) => `chargeRules.${index}.${field}`;

/** The rules as the server takes them, and the numbers a person typed that are not numbers (keyed like the server's paths). */
function toInput(drafts: Draft[]): { rules: RuleInput[]; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const rules = drafts.map((draft, index) => {
    const rule: RuleInput = { name: draft.name.trim(), basis: draft.basis };
    const number = (field: 'unitPrice' | 'totalAmount' | 'vatRate', example: string) => {
      const value = parseDecimal(draft[field]);
      if (value === 'invalid') {
        errors[path(index, field)] = `Enter a number, e.g. ${example}.`;
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
  return { rules, errors };
}

function unitPriceLabel(draft: Draft, currency: string): string {
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

/**
 * A building's charge rules (one invoice line each), edited as a list and saved together, with a live
 * preview of one month's charges per apartment computed by the server from the unsaved rules.
 */
export function ChargeRulesEditor({ building }: { building: Building }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Draft[]>(() => building.chargeRules.map(draftOf));
  const [savedSignature, setSavedSignature] = useState(() => signature(building.chargeRules.map(draftOf)));
  const [saveErrors, setSaveErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const dirty = signature(drafts) !== savedSignature;

  const { rules, errors: localErrors } = useMemo(() => toInput(drafts), [drafts]);
  const hasLocalErrors = Object.keys(localErrors).length > 0;

  // The preview follows the rules as typed, ~400 ms after the last keystroke; rules with a non-number wait.
  const serialized = hasLocalErrors ? null : JSON.stringify(rules);
  const debounced = useDebouncedValue(serialized, 400);
  const previewRules = useMemo(() => (debounced ? (JSON.parse(debounced) as RuleInput[]) : []), [debounced]);
  const preview = useQuery({
    ...trpc.buildings.previewCharges.queryOptions({ buildingId: building.id, chargeRules: previewRules }),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const previewErrors = useMemo(() => {
    if (!preview.isError || errorCode(preview.error) !== 'UNPROCESSABLE_CONTENT') return {};
    const out: Record<string, string> = {};
    for (const { path: at, message } of fieldErrors(preview.error)) out[at] ??= asSentence(message);
    return out;
  }, [preview.isError, preview.error]);

  const errorAt = (index: number, field: DraftField): string | undefined => {
    const at = path(index, field);
    return localErrors[at] ?? saveErrors[at] ?? previewErrors[at];
  };
  // Errors the fields cannot show (e.g. about the whole list).
  const listErrors = [...new Set([...Object.entries(saveErrors), ...Object.entries(previewErrors)].filter(([at]) => !/^chargeRules\.\d+\./.test(at)).map(([, m]) => m))];

  // Warn before leaving the page (reload, closing the tab) with unsaved rules.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // Focus moves after the next render: a new rule's name, a moved rule's button, the first invalid field.
  const sectionRef = useRef<HTMLElement>(null);
  const focusAfterRender = useRef<string[] | null>(null);
  useEffect(() => {
    const candidates = focusAfterRender.current;
    if (!candidates) return;
    focusAfterRender.current = null;
    for (const id of candidates) {
      const element = sectionRef.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(id)}"]`);
      if (element && !(element as HTMLButtonElement).disabled) {
        element.focus();
        return;
      }
    }
  });

  function change(index: number, patch: Partial<Draft>) {
    setDrafts((previous) => previous.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
    setNotice(null);
    const touched = Object.keys(patch) as DraftField[];
    if (touched.some((field) => saveErrors[path(index, field)])) {
      setSaveErrors((previous) => {
        const next = { ...previous };
        for (const field of touched) delete next[path(index, field)];
        return next;
      });
    }
  }

  function addRule() {
    if (drafts.length >= MAX_RULES) return;
    const key = `new-${++newRuleCounter}`;
    setDrafts((previous) => [...previous, { key, name: '', basis: 'area', unitPrice: '', meterType: '', totalAmount: '', vatRate: '0' }]);
    setSaveErrors({});
    setNotice(null);
    focusAfterRender.current = [`${key}:name`];
  }

  function removeRule(index: number) {
    const next = drafts[index + 1] ?? drafts[index - 1];
    setDrafts((previous) => previous.filter((_, i) => i !== index));
    // Paths are positional: errors of the old order would land on the wrong rules.
    setSaveErrors({});
    setNotice(null);
    focusAfterRender.current = next ? [`${next.key}:name`] : ['add-rule'];
  }

  function moveRule(index: number, direction: -1 | 1) {
    const target = index + direction;
    if (target < 0 || target >= drafts.length) return;
    const key = drafts[index]!.key;
    setDrafts((previous) => {
      const copy = [...previous];
      [copy[index], copy[target]] = [copy[target]!, copy[index]!];
      return copy;
    });
    setSaveErrors({});
    setNotice(null);
    // Keep the focus on the button that moved the rule; at the top or bottom it is disabled, so the other one.
    focusAfterRender.current = direction < 0 ? [`${key}:up`, `${key}:down`] : [`${key}:down`, `${key}:up`];
  }

  const save = useMutation(trpc.buildings.update.mutationOptions());

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    setNotice(null);
    const found: Record<string, string> = {};
    drafts.forEach((draft, index) => {
      if (!draft.name.trim()) found[path(index, 'name')] = 'Enter a name; it is the invoice line’s description.';
    });
    if (hasLocalErrors || Object.keys(found).length) {
      setSaveErrors(found);
      focusFirstError({ ...localErrors, ...found });
      return;
    }
    setSaveErrors({});
    save.mutate(
      { id: building.id, chargeRules: rules },
      {
        onSuccess: ({ data }) => {
          const fresh = data.chargeRules.map(draftOf);
          setDrafts(fresh);
          setSavedSignature(signature(fresh));
          setNotice(
            data.chargeRules.length === 0
              ? 'The charge rules have been saved: this building has none.'
              : `The charge rules have been saved. Invoices created from now on use ${data.chargeRules.length === 1 ? 'this rule' : `these ${data.chargeRules.length} rules`}.`,
          );
          queryClient.setQueryData(trpc.buildings.get.queryKey({ id: building.id }), { data });
          void queryClient.invalidateQueries(trpc.buildings.list.pathFilter());
        },
        onError: (error) => {
          if (errorCode(error) === 'UNPROCESSABLE_CONTENT') {
            const byPath: Record<string, string> = {};
            for (const { path: at, message } of fieldErrors(error)) byPath[at] ??= asSentence(message);
            setSaveErrors(byPath);
            setFormError('The rules were not saved. Correct the marked fields and save again.');
            focusFirstError(byPath);
          } else {
            setFormError(`The rules were not saved. ${describeError(error)}`);
          }
        },
      },
    );
  }

  function focusFirstError(errors: Record<string, string>) {
    const order: DraftField[] = ['name', 'basis', 'meterType', 'unitPrice', 'totalAmount', 'vatRate'];
    for (let index = 0; index < drafts.length; index++) {
      const field = order.find((f) => errors[path(index, f)]);
      if (field) {
        focusAfterRender.current = [`${drafts[index]!.key}:${field}`];
        return;
      }
    }
  }

  function discard() {
    setDrafts(building.chargeRules.map(draftOf));
    setSavedSignature(signature(building.chargeRules.map(draftOf)));
    setSaveErrors({});
    setFormError(null);
    setNotice(null);
  }

  const currency = building.currency;

  return (
    <section ref={sectionRef} aria-labelledby="charge-rules-heading" className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h2 id="charge-rules-heading" className="text-lg font-semibold">
          Charge rules
        </h2>
        <p className="max-w-prose text-sm text-muted-foreground">
          Each rule becomes one line on every apartment’s invoice. Prices are net; VAT is added per line.
        </p>
      </div>

      <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
        {!save.isPending && formError && <ErrorAlert>{formError}</ErrorAlert>}
        {listErrors.length > 0 && <ErrorAlert>{listErrors.join(' ')}</ErrorAlert>}
        {notice && (
          <Alert variant="success" role="status">
            <CircleCheckIcon aria-hidden="true" />
            <p>{notice}</p>
          </Alert>
        )}

        {drafts.length === 0 ? (
          <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
            No charge rules yet. Add one for each line the invoices should have, such as maintenance per m² or
            water by meter.
          </p>
        ) : (
          <ol aria-label="Charge rules" className="grid gap-3">
            {drafts.map((draft, index) => {
              const number = index + 1;
              const labelId = `rule-${draft.key}-label`;
              return (
                <li key={draft.key}>
                  <div role="group" aria-labelledby={labelId} className="grid gap-4 rounded-lg border bg-card p-4">
                    <div className="flex items-center justify-between gap-2">
                      <p id={labelId} className="text-sm font-semibold">
                        Rule {number}
                        {draft.name.trim() && <span className="font-normal text-muted-foreground">: {draft.name.trim()}</span>}
                      </p>
                      <div className="flex shrink-0 gap-1">
                        <Button
                          data-focus={`${draft.key}:up`}
                          variant="ghost"
                          size="icon"
                          aria-label={`Move rule ${number} up`}
                          disabled={index === 0}
                          onClick={() => moveRule(index, -1)}
                        >
                          <ArrowUpIcon aria-hidden="true" />
                        </Button>
                        <Button
                          data-focus={`${draft.key}:down`}
                          variant="ghost"
                          size="icon"
                          aria-label={`Move rule ${number} down`}
                          disabled={index === drafts.length - 1}
                          onClick={() => moveRule(index, 1)}
                        >
                          <ArrowDownIcon aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-destructive hover:text-destructive"
                          aria-label={`Remove rule ${number}`}
                          onClick={() => removeRule(index)}
                        >
                          <Trash2Icon aria-hidden="true" />
                        </Button>
                      </div>
                    </div>

                    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                      <FormField label="Name" error={errorAt(index, 'name')} description="The invoice line, e.g. “Maintenance”." className="content-start">
                        <Input
                          data-focus={`${draft.key}:name`}
                          autoComplete="off"
                          maxLength={200}
                          value={draft.name}
                          onChange={(event) => change(index, { name: event.target.value })}
                        />
                      </FormField>

                      <Select
                        value={draft.basis}
                        onValueChange={(value) => change(index, { basis: value as ChargeBasis })}
                      >
                        <FormField label="Basis" error={errorAt(index, 'basis')} className="content-start">
                          <SelectTrigger data-focus={`${draft.key}:basis`}>
                            <SelectValue />
                          </SelectTrigger>
                        </FormField>
                        <SelectContent>
                          {BASES.map((basis) => (
                            <SelectItem key={basis.value} value={basis.value}>
                              {basis.label}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>

                      {draft.basis === 'meter' && (
                        <Select
                          value={draft.meterType}
                          onValueChange={(value) => change(index, { meterType: value as MeterType })}
                        >
                          <FormField label="Meter type" error={errorAt(index, 'meterType')} className="content-start">
                            <SelectTrigger data-focus={`${draft.key}:meterType`}>
                              <SelectValue placeholder="Choose a meter type" />
                            </SelectTrigger>
                          </FormField>
                          <SelectContent>
                            {METER_TYPES.map((type) => (
                              <SelectItem key={type.value} value={type.value}>
                                {type.label}
                              </SelectItem>
                            ))}
                          </SelectContent>
                        </Select>
                      )}

                      {draft.basis === 'split_area' ? (
                        <FormField
                          label={`Total amount (${currency})`}
                          error={errorAt(index, 'totalAmount')}
                          description="Split across the apartments by area each month."
                          className="content-start"
                        >
                          <Input
                            data-focus={`${draft.key}:totalAmount`}
                            inputMode="decimal"
                            autoComplete="off"
                            maxLength={20}
                            value={draft.totalAmount}
                            onChange={(event) => change(index, { totalAmount: event.target.value })}
                          />
                        </FormField>
                      ) : (
                        <FormField label={unitPriceLabel(draft, currency)} error={errorAt(index, 'unitPrice')} className="content-start">
                          <Input
                            data-focus={`${draft.key}:unitPrice`}
                            inputMode="decimal"
                            autoComplete="off"
                            maxLength={20}
                            value={draft.unitPrice}
                            onChange={(event) => change(index, { unitPrice: event.target.value })}
                          />
                        </FormField>
                      )}

                      <FormField label="VAT %" error={errorAt(index, 'vatRate')} className="content-start">
                        <Input
                          data-focus={`${draft.key}:vatRate`}
                          inputMode="decimal"
                          autoComplete="off"
                          maxLength={6}
                          value={draft.vatRate}
                          onChange={(event) => change(index, { vatRate: event.target.value })}
                        />
                      </FormField>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}

        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <Button
            data-focus={'add-rule'}
            variant="outline"
            onClick={addRule}
            disabled={drafts.length >= MAX_RULES}
          >
            <PlusIcon aria-hidden="true" />
            Add rule
          </Button>
          <div className="flex flex-col gap-2 sm:ml-auto sm:flex-row sm:items-center">
            {dirty && (
              <Badge variant="warning" className="self-start sm:self-center">
                Unsaved changes
              </Badge>
            )}
            {dirty && (
              <Button variant="ghost" onClick={discard}>
                Discard changes
              </Button>
            )}
            <Button type="submit" aria-disabled={save.isPending} className="aria-disabled:opacity-60">
              {save.isPending ? 'Saving…' : 'Save rules'}
            </Button>
          </div>
        </div>
      </form>

      <ChargesPreview
        building={building}
        preview={preview.data}
        fetching={preview.isFetching}
        waiting={serialized !== debounced}
        invalid={hasLocalErrors || Object.keys(previewErrors).length > 0}
        failed={preview.isError && errorCode(preview.error) !== 'UNPROCESSABLE_CONTENT' ? describeError(preview.error) : null}
        ruleCount={drafts.length}
        dirty={dirty}
      />
    </section>
  );
}
