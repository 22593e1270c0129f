'use client';

import { TriangleAlertIcon } from 'lucide-react';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
  const money = (amount: number) => formatMoney(amount, building.currency);
  const apartments = preview?.apartments ?? [];
  const columns = apartments[0]?.lines.map((line, index) => line.description || `Rule ${index + 1}`) ?? [];
  const anyMissing = apartments.some((apartment) => apartment.lines.some((line) => line.missing));
  const stale = fetching || waiting;

  let status = '';
  if (invalid) status = 'The preview is updated when the marked fields are corrected.';
  else if (stale) status = 'Updating the preview…';
  else if (preview) status = `Preview updated: ${money(preview.total)} in all.`;

  return (
    <section aria-labelledby="charges-preview-heading" className="grid min-w-0 gap-3">
      <div className="grid gap-1">
        <h3 id="charges-preview-heading" className="text-base font-semibold">
          Preview for one month
        </h3>
        <p className="max-w-prose text-sm text-muted-foreground">
          What each apartment would pay under the rules above{dirty ? ', including the changes not saved yet' : ''}.
          Meter charges use each meter’s latest confirmed consumption.
        </p>
      </div>

      <p role="status" className={cn('text-sm', invalid ? 'font-medium text-destructive' : 'sr-only')}>
        {status}
      </p>

      {failed && <ErrorAlert>The preview could not be computed. {failed}</ErrorAlert>}

      {!preview ? (
        !failed &&
        !invalid && (
          <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
            Computing the preview…
          </p>
        )
      ) : apartments.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
          Add apartments to see what each of them would pay.
        </p>
      ) : ruleCount === 0 && columns.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-6 text-center text-sm text-muted-foreground">
          Add a charge rule to see what each apartment would pay.
        </p>
      ) : (
        <div className={cn('min-w-0 transition-opacity', (stale || invalid) && 'opacity-60')}>
          <Table aria-labelledby="charges-preview-heading" aria-busy={stale}>
            <TableHeader>
              <TableRow>
                <TableHead>Apartment</TableHead>
                {columns.map((name, index) => (
                  <TableHead key={index} className="text-right">
                    {name}
                  </TableHead>
                ))}
                <TableHead className="text-right">Total</TableHead>
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
                            No reading
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
                  All apartments
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
          “No reading”: the apartment has no confirmed reading of that meter type, so the line counts 0 until one is
          confirmed.
        </p>
      )}
    </section>
  );
}
