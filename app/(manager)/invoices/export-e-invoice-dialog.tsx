'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CheckedForm } from '@/components/ui/checked-form';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { useErrorWords } from '@/lib/error-text';
import { readRestFailure, restFieldText, restStatusText, type RestFailure } from '@/lib/rest-failure';
import type { Building } from '../residents/apartment-directory';
import { formatPeriod, previousMonth } from './format';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
type Field = 'building' | 'start' | 'end';
const FIELDS: readonly Field[] = ['building', 'start', 'end'];

/** What the dialog starts from: the list's building and period filters when set, else last month. */
export type ExportDefaults = { buildingId: string; from: string; to: string };

/**
 * Downloads a building's sent and paid invoices of a period as one Estonian e-invoice file (e-arve 1.2,
 * GET /api/invoices/export/e-invoice) to upload to the association's bank or e-invoice operator.
 */
export function ExportEInvoiceDialog({
  open,
  onOpenChange,
  buildings,
  defaults,
  onExported,
  returnFocus,
  focusAfterExported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buildings: Building[];
  defaults: ExportDefaults;
  onExported: (message: string) => void;
  returnFocus: () => HTMLElement | null;
  focusAfterExported: () => HTMLElement | null;
}) {
  const t = useTranslations('Invoices');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('exportEInvoices')}
      description={t('export.description')}
      returnFocus={returnFocus}
      focusAfterDone={focusAfterExported}
    >
      {({ finishWith, setBusy }) => <ExportForm buildings={buildings} defaults={defaults} onBusyChange={setBusy} onExported={finishWith(onExported)} />}
    </FormDialog>
  );
}

function ExportForm({
  buildings,
  defaults,
  onBusyChange,
  onExported,
}: {
  buildings: Building[];
  defaults: ExportDefaults;
  onBusyChange: (busy: boolean) => void;
  onExported: (message: string) => void;
}) {
  const locale = useLocale();
  const t = useTranslations('Invoices');
  const lastMonth = previousMonth();
  const ranged = DATE.test(defaults.from) && DATE.test(defaults.to);
  const [buildingId, setBuildingId] = useState(defaults.buildingId || (buildings.length === 1 ? buildings[0]!.id : ''));
  const [start, setStart] = useState(ranged ? defaults.from : lastMonth.start);
  const [end, setEnd] = useState(ranged ? defaults.to : lastMonth.end);
  const [pending, setPending] = useState(false);
  const { errors, formError, fail, clear, clearError, ref, bind } = useFieldErrors(FIELDS);
  const words = useErrorWords();

  /** The export refused, in the reader's words at the field it concerns (the REST answer's reasons are English). */
  function refused({ status, errors: refusals }: RestFailure) {
    if (status !== 422 || !refusals.length) return fail({}, restStatusText(status, words));
    const found: Partial<Record<Field, string>> = {};
    const other: string[] = [];
    for (const e of refusals) {
      if (e.path === 'buildingId') found.building ??= words.fields('noIban');
      else if (e.path === 'periodStart') found.start ??= words.fields('noInvoicesInPeriod');
      else if (e.path === 'periodEnd') found.end ??= t('period.endBeforeStart');
      else other.push(restFieldText(e, words));
    }
    fail(found, other.length ? other.join(' ') : undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found: Partial<Record<Field, string>> = {};
    if (!buildingId) found.building = t('export.chooseBuilding');
    if (!DATE.test(start)) found.start = t('period.startMissing');
    if (!DATE.test(end)) found.end = t('period.endMissing');
    else if (!found.start && end < start) found.end = t('period.endBeforeStart');
    if (Object.keys(found).length) return fail(found);
    clear();

    setPending(true);
    onBusyChange(true);
    try {
      const query = new URLSearchParams({ buildingId, periodStart: start, periodEnd: end });
      const res = await fetch(`/api/invoices/export/e-invoice?${query}`, { credentials: 'same-origin', cache: 'no-store' });
      if (!res.ok) return refused(await readRestFailure(res));
      const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'e-invoices.xml';
      const count = Number(res.headers.get('x-invoice-count')) || 0;
      saveFile(await res.blob(), filename);
      const name = buildings.find((b) => b.id === buildingId)?.name ?? t('export.theBuilding');
      onExported(t('export.exported', { count, name, period: formatPeriod(start, end, locale), filename }));
    } catch {
      fail({}, t('export.downloadFailed'));
    } finally {
      setPending(false);
      onBusyChange(false);
    }
  }

  return (
    <CheckedForm onSubmit={submit} formError={!pending && formError} errorRef={ref('form')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('export.building')} error={errors.building} className="sm:col-span-2">
          <OptionsSelect
            ref={ref('building')}
            value={buildingId}
            placeholder={buildings.length ? t('export.chooseBuildingPlaceholder') : t('export.noBuildings')}
            disabled={buildings.length === 0}
            onChange={(value) => {
              setBuildingId(value);
              clearError('building');
            }}
            options={buildings.map((b) => ({ value: b.id, label: b.name }))}
          />
        </FormField>
        <FormField label={t('filters.periodFrom')} error={errors.start}>
          <Input {...bind('start', start, setStart)} type="date" />
        </FormField>
        <FormField label={t('filters.periodTo')} error={errors.end}>
          <Input {...bind('end', end, setEnd)} type="date" min={start || undefined} />
        </FormField>
      </div>
      <p className="-mt-2 text-sm text-muted-foreground">{t('export.hint')}</p>
      <DialogActions label={t('export.download')} pendingLabel={t('export.preparing')} pending={pending} />
    </CheckedForm>
  );
}


/** Hands the file to the browser as a download. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
