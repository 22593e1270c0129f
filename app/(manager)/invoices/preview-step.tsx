'use client';

import { useQuery } from '@tanstack/react-query';
import { CircleAlertIcon, TriangleAlertIcon } from 'lucide-react';
import { useErrorWords } from '@/lib/error-text';
import { useLocale, useTranslations } from 'next-intl';
import { asSentence, describeError, fieldErrorWithPath, fieldErrors, type ErrorWords } from '@/lib/trpc/errors';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useTRPC } from '@/lib/trpc/react';
import { cn } from '@/lib/utils';
import type { Building } from '../residents/apartment-directory';
import { formatDay, formatMoney, formatPeriod } from './format';
import type { Period } from './generation';
import { DIALOG_BUTTON } from './progress-step';
import type { GenerationPreview } from './types';

/** The columns of a building's preview (messages Invoices.generate.columns.*); the amounts are aligned right. */
const PREVIEW_COLUMNS = [
  { label: 'apartment', amount: false },
  { label: 'amount', amount: true },
  { label: 'vat', amount: true },
  { label: 'penalty', amount: true },
  { label: 'credit', amount: true },
  { label: 'note', amount: false },
];

/** The second step: every apartment's invoice as it would be created, building by building, before anything is. */
export function PreviewStep({ buildings, period, onBack, onGenerate }: { buildings: Building[]; period: Period; onBack: () => void; onGenerate: () => void }) {
  const locale = useLocale();
  const t = useTranslations('Invoices');
  const words = useErrorWords();
  const trpc = useTRPC();
  const query = useQuery(
    trpc.invoices.previewGeneration.queryOptions({ buildingIds: buildings.map((b) => b.id), periodStart: period.start, periodEnd: period.end }, { staleTime: 0, gcTime: 0 }),
  );
  const loading = query.isPending;
  // The sums come from the server; the buildings' previews come in the order they were chosen.
  const { toCreate, alreadyInvoiced: already, needsReview: review, byCurrency } = query.data?.summary ?? { toCreate: 0, alreadyInvoiced: 0, needsReview: 0, byCurrency: [] };
  const results = new Map((query.data?.buildings ?? []).map((r) => [r.buildingId, r]));
  const failed = [...results.values()].filter((r) => r.error).length;

  return (
    <div className="grid gap-5">
      <section aria-labelledby="preview-summary" className="grid gap-2" aria-busy={loading}>
        <h3 id="preview-summary" className="font-semibold">
          {t('generate.previewFor', { period: formatPeriod(period.start, period.end, locale) })}
        </h3>
        {loading ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">{t('generate.working')}</span>
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : (
          <p role="status" className="text-sm">
            <strong>{t('generate.toCreate', { count: toCreate })}</strong>
            {byCurrency.map(({ currency, amount, vatAmount }) => (
              <span key={currency}>
                {' '}
                {t('generate.totalling', { amount: formatMoney(amount, currency, locale), vat: formatMoney(vatAmount, currency, locale) })}
              </span>
            ))}
            .{already > 0 && ` ${t('generate.willSkip', { count: already })}`}
            {review > 0 && ` ${t('generate.willNeedReview', { count: review })}`}
          </p>
        )}
      </section>

      {query.isError && (
        <Alert variant="destructive" role="alert">
          <CircleAlertIcon aria-hidden="true" />
          <p>{t('generate.previewFailed', { reason: describePreviewError(query.error, words) })}</p>
        </Alert>
      )}
      {buildings.map((building) => {
        const result = results.get(building.id);
        if (!result) return null;
        if (!result.preview) {
          return (
            <Alert key={building.id} variant="destructive" role="alert">
              <CircleAlertIcon aria-hidden="true" />
              <p>{t('generate.buildingPreviewFailed', { name: building.name, reason: asSentence(result.error ?? '') })}</p>
            </Alert>
          );
        }
        return <BuildingPreview key={building.id} name={building.name} preview={result.preview} />;
      })}

      <DialogFooter>
        <Button variant="outline" size="lg" className={DIALOG_BUTTON} onClick={onBack}>
          {t('generate.back')}
        </Button>
        <Button
          size="lg"
          className={cn(DIALOG_BUTTON, 'aria-disabled:opacity-60')}
          aria-disabled={loading || toCreate === 0}
          onClick={() => {
            if (!loading && toCreate > 0) onGenerate();
          }}
        >
          {loading ? t('generate.preparing') : toCreate === 0 ? t('generate.nothing') : t('generate.generateCount', { count: toCreate })}
        </Button>
      </DialogFooter>
      {failed > 0 && !loading && toCreate > 0 && (
        <p className="text-sm text-muted-foreground">{t('generate.retryHint')}</p>
      )}
    </div>
  );
}

/** The first field the server refused, as a sentence, else what went wrong. */
function describePreviewError(error: unknown, words: ErrorWords) {
  const field = fieldErrors(error)[0];
  return field ? fieldErrorWithPath(field, words, ' ') : describeError(error, words);
}

function BuildingPreview({ name, preview }: { name: string; preview: GenerationPreview }) {
  const locale = useLocale();
  const t = useTranslations('Invoices');
  const headingId = useId();
  const { totals, currency } = preview;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="font-semibold">
          {name}
        </h3>
        <p className="text-sm text-muted-foreground">
          {t('generate.issuedDue', { issued: formatDay(preview.issueDate, locale), due: formatDay(preview.dueDate, locale) })}
        </p>
      </div>
      {preview.apartments.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{t('generate.noApartments')}</p>
      ) : (
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {PREVIEW_COLUMNS.map(({ label, amount }) => (
                <TableHead key={label} className={amount ? 'text-right' : undefined}>
                  {t(`generate.columns.${label}`)}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.apartments.map((a) => (
              <TableRow key={a.apartmentId} className={cn(a.alreadyInvoiced && 'text-muted-foreground', !a.alreadyInvoiced && a.needsReview && 'bg-warning-muted/60 hover:bg-warning-muted')}>
                <TableHead scope="row" className="h-auto py-3 font-medium text-foreground">
                  {t('apartmentNumber', { number: a.number })}
                </TableHead>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(a.amount, currency, locale)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(a.vatAmount, currency, locale)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{a.penaltyAmount ? formatMoney(a.penaltyAmount, currency, locale) : <None />}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{a.creditAmount ? formatMoney(-a.creditAmount, currency, locale) : <None />}</TableCell>
                <TableCell className="min-w-48">
                  {a.alreadyInvoiced ? (
                    <Badge variant="outline">{t('generate.alreadyInvoiced')}</Badge>
                  ) : a.needsReview ? (
                    <span className="flex items-start gap-2 text-warning">
                      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      <span>
                        <span className="font-medium">{t('generate.needsReviewLabel')}</span> {a.reason ?? t('generate.checkBeforeSending')}
                      </span>
                    </span>
                  ) : (
                    <span className="text-muted-foreground">{t('generate.newDraft')}</span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <p className="text-sm">
        {t('generate.newInvoices', { count: totals.toCreate, amount: formatMoney(totals.amount, currency, locale) })}
        {totals.penaltyAmount > 0 && t('generate.includingPenalty', { amount: formatMoney(totals.penaltyAmount, currency, locale) })}
        {totals.creditAmount > 0 && t('generate.afterCredit', { amount: formatMoney(totals.creditAmount, currency, locale) })}
        {totals.alreadyInvoiced > 0 && t('generate.alreadyInvoicedCount', { count: totals.alreadyInvoiced })}
        {totals.needsReview > 0 && t('generate.toReviewCount', { count: totals.needsReview })}
      </p>
    </section>
  );
}

/** A dash for an amount that is zero, read out as "none". */
function None() {
  const t = useTranslations('Invoices');
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">{t('generate.none')}</span>
    </>
  );
}
