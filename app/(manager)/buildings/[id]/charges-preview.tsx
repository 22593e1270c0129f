'use client';

import { TriangleAlertIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { TitledSection } from '@/components/ui/titled-section';
import { cn } from '@/lib/utils';
import { formatMoney } from '../format';
import type { Building, ChargePreview } from '../types';

/** What each apartment would pay for one month under the rules being edited, one column per rule. */
export function ChargesPreview({
  building,
  preview,
  fetching,
  waiting,
  invalid,
  failed,
  ruleCount,
  dirty,
}: {
  building: Building;
  preview: ChargePreview | undefined;
  fetching: boolean;
  /** Typing: the preview follows once the input settles. */
  waiting: boolean;
  /** Some field is not valid: the preview waits for it to be corrected. */
  invalid: boolean;
  failed: string | null;
  ruleCount: number;
  dirty: boolean;
}) {
  const t = useTranslations('ChargesPreview');
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, building.currency, locale);
  const apartments = preview?.apartments ?? [];
  const columns = apartments[0]?.lines.map((line, index) => line.description || t('rule', { n: index + 1 })) ?? [];
  const anyMissing = apartments.some((apartment) => apartment.lines.some((line) => line.missing));
  const stale = fetching || waiting;

  let status = '';
  if (invalid) status = t('invalid');
  else if (stale) status = t('updating');
  else if (preview) status = t('updated', { total: money(preview.total) });

  return (
    <TitledSection id="charges-preview-heading" level={3} title={t('heading')} hint={t('text', { dirty: String(dirty) })}>

      <p role="status" className={cn('text-sm', invalid ? 'font-medium text-destructive' : 'sr-only')}>
        {status}
      </p>

      {failed && (
        <ErrorAlert>
          {t('failed')} {failed}
        </ErrorAlert>
      )}

      {!preview ? (
        !failed &&
        !invalid && (
          <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
            {t('computing')}
          </p>
        )
      ) : apartments.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
          {t('noApartments')}
        </p>
      ) : ruleCount === 0 && columns.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
          {t('noRules')}
        </p>
      ) : (
        <div className={cn('min-w-0 transition-opacity', (stale || invalid) && 'opacity-60')}>
          <Table aria-labelledby="charges-preview-heading" aria-busy={stale}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('apartment')}</TableHead>
                {columns.map((name, index) => (
                  <TableHead key={index} className="text-right">
                    {name}
                  </TableHead>
                ))}
                <TableHead className="text-right">{t('total')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {apartments.map((apartment) => (
                <TableRow key={apartment.apartmentId}>
                  <TableHead scope="row" className="font-medium text-foreground">
                    {apartment.number}
                  </TableHead>
                  {apartment.lines.map((line, index) => (
                    <TableCell key={index} className="text-right whitespace-nowrap tabular-nums">
                      <span className="inline-flex items-center justify-end gap-2">
                        {line.missing && (
                          <Badge variant="warning" title={line.missing}>
                            <TriangleAlertIcon className="size-3" aria-hidden="true" />
                            {t('noReading')}
                            <span className="sr-only">: {line.missing}</span>
                          </Badge>
                        )}
                        {money(line.amount)}
                      </span>
                    </TableCell>
                  ))}
                  <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">{money(apartment.total)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <tfoot className="border-t bg-muted/60 font-semibold">
              <TableRow className="hover:bg-transparent">
                <TableHead scope="row" className="text-foreground">
                  {t('allApartments')}
                </TableHead>
                {columns.map((_, index) => (
                  <TableCell key={index} className="text-right whitespace-nowrap tabular-nums">
                    {money(preview.ruleTotals[index] ?? 0)}
                  </TableCell>
                ))}
                <TableCell className="text-right whitespace-nowrap tabular-nums">{money(preview.total)}</TableCell>
              </TableRow>
            </tfoot>
          </Table>
        </div>
      )}

      {preview && anyMissing && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          {t('missingNote')}
        </p>
      )}
    </TitledSection>
  );
}
