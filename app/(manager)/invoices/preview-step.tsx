'use client';

import { useQuery } from '@tanstack/react-query';
import { CircleAlertIcon, TriangleAlertIcon } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { asSentence, describeError, fieldErrors } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { cn } from '@/lib/utils';
import type { Building } from '../residents/apartment-directory';
import { formatDay, formatMoney, formatPeriod, plural } from './format';
import type { Period } from './generation';
import { DIALOG_BUTTON } from './progress-step';
import type { GenerationPreview } from './types';

/** The columns of a building's preview; the amounts are aligned right. */
const PREVIEW_COLUMNS = [
  { label: 'Apartment', amount: false },
  { label: 'Amount', amount: true },
  { label: 'VAT', amount: true },
  { label: 'Penalty', amount: true },
  { label: 'Credit', amount: true },
  { label: 'Note', amount: false },
];

/** The second step: every apartment's invoice as it would be created, building by building, before anything is. */
export function PreviewStep({ buildings, period, onBack, onGenerate }: { buildings: Building[]; period: Period; onBack: () => void; onGenerate: () => void }) {
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
          Preview for {formatPeriod(period.start, period.end)}
        </h3>
        {loading ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Working out the invoices…</span>
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : (
          <p role="status" className="text-sm">
            <strong>{plural(toCreate, 'invoice')} to create</strong>
            {byCurrency.map(({ currency, amount, vatAmount }) => (
              <span key={currency}>
                {' '}
                totalling {formatMoney(amount, currency)} (VAT {formatMoney(vatAmount, currency)})
              </span>
            ))}
            .{already > 0 && ` ${plural(already, 'apartment')} already invoiced for this period will be skipped.`}
            {review > 0 && ` ${plural(review, 'invoice')} will need your review before sending.`}
          </p>
        )}
      </section>

      {query.isError && (
        <Alert variant="destructive" role="alert">
          <CircleAlertIcon aria-hidden="true" />
          <p>The preview could not be made. {describePreviewError(query.error)}</p>
        </Alert>
      )}
      {buildings.map((building) => {
        const result = results.get(building.id);
        if (!result) return null;
        if (!result.preview) {
          return (
            <Alert key={building.id} variant="destructive" role="alert">
              <CircleAlertIcon aria-hidden="true" />
              <p>
                {building.name}: the preview could not be made. {asSentence(result.error ?? '')}
              </p>
            </Alert>
          );
        }
        return <BuildingPreview key={building.id} name={building.name} preview={result.preview} />;
      })}

      <DialogFooter>
        <Button variant="outline" size="lg" className={DIALOG_BUTTON} onClick={onBack}>
          Back
        </Button>
        <Button
          size="lg"
          className={cn(DIALOG_BUTTON, 'aria-disabled:opacity-60')}
          aria-disabled={loading || toCreate === 0}
          onClick={() => {
            if (!loading && toCreate > 0) onGenerate();
          }}
        >
          {loading ? 'Preparing…' : toCreate === 0 ? 'Nothing to generate' : `Generate ${plural(toCreate, 'invoice')}`}
        </Button>
      </DialogFooter>
      {failed > 0 && !loading && toCreate > 0 && (
        <p className="text-sm text-muted-foreground">Buildings whose preview failed are tried again when you generate, and reported in the summary.</p>
      )}
    </div>
  );
}

/** The first field the server refused, as a sentence, else what went wrong. */
function describePreviewError(error: Parameters<typeof fieldErrors>[0]) {
  const field = fieldErrors(error)[0];
  return field ? asSentence(`${field.path} ${field.message}`) : describeError(error);
}

function BuildingPreview({ name, preview }: { name: string; preview: GenerationPreview }) {
  const headingId = useId();
  const { totals, currency } = preview;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="font-semibold">
          {name}
        </h3>
        <p className="text-sm text-muted-foreground">
          Issued {formatDay(preview.issueDate)}, due {formatDay(preview.dueDate)}
        </p>
      </div>
      {preview.apartments.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">This building has no apartments.</p>
      ) : (
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {PREVIEW_COLUMNS.map(({ label, amount }) => (
                <TableHead key={label} className={amount ? 'text-right' : undefined}>
                  {label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.apartments.map((a) => (
              <TableRow key={a.apartmentId} className={cn(a.alreadyInvoiced && 'text-muted-foreground', !a.alreadyInvoiced && a.needsReview && 'bg-warning-muted/60 hover:bg-warning-muted')}>
                <TableHead scope="row" className="h-auto py-3 font-medium text-foreground">
                  Apt {a.number}
                </TableHead>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(a.amount, currency)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatMoney(a.vatAmount, currency)}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{a.penaltyAmount ? formatMoney(a.penaltyAmount, currency) : <None />}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{a.creditAmount ? formatMoney(-a.creditAmount, currency) : <None />}</TableCell>
                <TableCell className="min-w-48">
                  {a.alreadyInvoiced ? (
                    <Badge variant="outline">Already invoiced</Badge>
                  ) : a.needsReview ? (
                    <span className="flex items-start gap-2 text-warning">
                      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      <span>
                        <span className="font-medium">Needs review:</span> {a.reason ?? 'check this invoice before sending it.'}
                      </span>
                    </span>
                  ) : (
                    <span className="text-muted-foreground">New draft</span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <p className="text-sm">
        {plural(totals.toCreate, 'new invoice')}, {formatMoney(totals.amount, currency)}
        {totals.penaltyAmount > 0 && `, including ${formatMoney(totals.penaltyAmount, currency)} penalty interest`}
        {totals.creditAmount > 0 && ` after ${formatMoney(totals.creditAmount, currency)} of credit`}
        {totals.alreadyInvoiced > 0 && `; ${totals.alreadyInvoiced} already invoiced`}
        {totals.needsReview > 0 && `; ${totals.needsReview} to review`}
      </p>
    </section>
  );
}

/** A dash for an amount that is zero, read out as "none". */
function None() {
  return (
    <>
      <span aria-hidden="true" className="text-muted-foreground">
        —
      </span>
      <span className="sr-only">none</span>
    </>
  );
}
