'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { Building } from '../residents/apartment-directory';
import { checkChoice, type ChoiceErrors, type Period } from './generation';
import { DIALOG_BUTTON } from './progress-step';

/** The first step: the buildings and the period to generate for. */
export function ChooseStep({
  buildings,
  selected,
  onSelectedChange,
  period,
  onPeriodChange,
  onNext,
}: {
  buildings: Building[];
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  period: Period;
  onPeriodChange: (period: Period) => void;
  onNext: () => void;
}) {
  const t = useTranslations('Invoices');
  const [errors, setErrors] = useState<ChoiceErrors>({});
  const legendId = useId();
  const buildingsErrorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkChoice(selected, period, t);
    setErrors(found);
    if (Object.keys(found).length === 0) onNext();
  }

  const toggle = (id: string, on: boolean) => onSelectedChange(on ? [...selected, id] : selected.filter((s) => s !== id));

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <fieldset className="grid gap-2" aria-describedby={errors.buildings ? buildingsErrorId : undefined}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <legend id={legendId} className="text-sm font-medium">
            {t('generate.buildings')}
          </legend>
          {buildings.length > 1 && (
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => onSelectedChange(buildings.map((b) => b.id))}>
                {t('generate.selectAll')}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onSelectedChange([])}>
                {t('generate.clear')}
              </Button>
            </div>
          )}
        </div>
        {buildings.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{t('generate.noBuildings')}</p>
        ) : (
          <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-md border p-1" aria-labelledby={legendId}>
            {buildings.map((b) => (
              <li key={b.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-sm px-3 text-sm hover:bg-muted has-checked:bg-accent has-checked:font-medium has-focus-visible:outline-2 has-focus-visible:outline-ring">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary focus-visible:outline-none"
                    checked={selected.includes(b.id)}
                    onChange={(event) => {
                      toggle(b.id, event.target.checked);
                      setErrors((e) => ({ ...e, buildings: undefined }));
                    }}
                  />
                  {b.name}
                </label>
              </li>
            ))}
          </ul>
        )}
        {errors.buildings && (
          <p id={buildingsErrorId} className="text-sm font-medium text-destructive">
            {errors.buildings}
          </p>
        )}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('generate.periodStart')} error={errors.start}>
          <Input type="date" value={period.start} onChange={(event) => onPeriodChange({ ...period, start: event.target.value })} />
        </FormField>
        <FormField label={t('generate.periodEnd')} error={errors.end}>
          <Input type="date" value={period.end} onChange={(event) => onPeriodChange({ ...period, end: event.target.value })} />
        </FormField>
      </div>
      <p className="-mt-2 text-sm text-muted-foreground">{t('generate.datesHint')}</p>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" size="lg" className={DIALOG_BUTTON}>
            {t('generate.cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" size="lg" className={DIALOG_BUTTON} disabled={buildings.length === 0}>
          {t('generate.preview')}
        </Button>
      </DialogFooter>
    </form>
  );
}
