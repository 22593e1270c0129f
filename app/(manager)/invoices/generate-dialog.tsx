'use client';

import { useQueries, useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon, TriangleAlertIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { asSentence, describeError, fieldErrors } from '@/lib/trpc/errors';
import { useTRPC, useTRPCClient } from '@/lib/trpc/react';
import { cn } from '@/lib/utils';
import type { Building } from '../residents/apartment-directory';
import { formatDay, formatMoney, formatPeriod, plural, previousMonth } from './format';
import { ProgressBar } from './progress-bar';
import type { GenerationPreview } from './types';

export type Period = { start: string; end: string };
type BuildingResult = { building: Building; created: number; skipped: number; error: string | null };
type Step =
  | { name: 'choose' }
  | { name: 'preview' }
  /** `current`: the building whose request is in flight. */
  | { name: 'generating' | 'done'; results: BuildingResult[]; current: Building | null };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const BUTTON = 'sm:h-10 sm:px-4 sm:text-sm';

/** Choose buildings and a period, preview every apartment's invoice, then generate building by building. */
export function GenerateDialog({
  open,
  onOpenChange,
  buildings,
  onShowDrafts,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buildings: Building[];
  /** After generating: show the period's drafts in the list. */
  onShowDrafts: (period: Period) => void;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Generate invoices"
      description="One draft invoice per apartment from each building’s charge rules. Apartments that already have an invoice for the period are skipped, so generating twice creates nothing new."
      className="max-w-3xl"
    >
      {({ finish, setBusy }) => (
        <GenerateFlow
          buildings={buildings}
          onBusyChange={setBusy}
          onShowDrafts={(period) => {
            finish();
            onShowDrafts(period);
          }}
        />
      )}
    </FormDialog>
  );
}

function GenerateFlow({
  buildings,
  onBusyChange,
  onShowDrafts,
}: {
  buildings: Building[];
  onBusyChange: (busy: boolean) => void;
  onShowDrafts: (period: Period) => void;
}) {
  const trpcClient = useTRPCClient();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [selected, setSelected] = useState<string[]>(buildings.length === 1 ? [buildings[0]!.id] : []);
  const [period, setPeriod] = useState<Period>(() => previousMonth());
  const stop = useRef(false);
  const chosen = buildings.filter((b) => selected.includes(b.id));

  async function generate() {
    stop.current = false;
    onBusyChange(true);
    const results: BuildingResult[] = [];
    for (const building of chosen) {
      if (stop.current) break;
      setStep({ name: 'generating', results: [...results], current: building });
      try {
        const { data } = await trpcClient.invoices.generate.mutate({ buildingId: building.id, periodStart: period.start, periodEnd: period.end });
        results.push({ building, created: data.created, skipped: data.skipped, error: null });
      } catch (error) {
        results.push({ building, created: 0, skipped: 0, error: describeError(error) });
      }
    }
    onBusyChange(false);
    setStep({ name: 'done', results, current: null });
    void queryClient.invalidateQueries(trpc.invoices.pathFilter());
  }

  if (step.name === 'choose') {
    return (
      <ChooseStep
        buildings={buildings}
        selected={selected}
        onSelectedChange={setSelected}
        period={period}
        onPeriodChange={setPeriod}
        onNext={() => setStep({ name: 'preview' })}
      />
    );
  }
  if (step.name === 'preview') {
    return <PreviewStep buildings={chosen} period={period} onBack={() => setStep({ name: 'choose' })} onGenerate={() => void generate()} />;
  }
  return (
    <ProgressStep
      total={chosen.length}
      results={step.results}
      current={step.current}
      finished={step.name === 'done'}
      period={period}
      onStop={() => {
        stop.current = true;
      }}
      onShowDrafts={() => onShowDrafts(period)}
    />
  );
}

function ChooseStep({
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
  const [errors, setErrors] = useState<{ buildings?: string; start?: string; end?: string }>({});
  const legendId = useId();
  const buildingsErrorId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: typeof errors = {};
    if (selected.length === 0) found.buildings = 'Choose at least one building.';
    if (!DATE.test(period.start)) found.start = 'Enter the first day of the period.';
    if (!DATE.test(period.end)) found.end = 'Enter the last day of the period.';
    else if (!found.start && period.end < period.start) found.end = 'The period cannot end before it starts.';
    setErrors(found);
    if (Object.keys(found).length === 0) onNext();
  }

  const toggle = (id: string, on: boolean) => onSelectedChange(on ? [...selected, id] : selected.filter((s) => s !== id));

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <fieldset className="grid gap-2" aria-describedby={errors.buildings ? buildingsErrorId : undefined}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <legend id={legendId} className="text-sm font-medium">
            Buildings
          </legend>
          {buildings.length > 1 && (
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" onClick={() => onSelectedChange(buildings.map((b) => b.id))}>
                Select all
              </Button>
              <Button variant="ghost" size="sm" onClick={() => onSelectedChange([])}>
                Clear
              </Button>
            </div>
          )}
        </div>
        {buildings.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">Add a building with apartments and charge rules first.</p>
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
        <FormField label="Period start" error={errors.start}>
          <Input type="date" value={period.start} onChange={(event) => onPeriodChange({ ...period, start: event.target.value })} />
        </FormField>
        <FormField label="Period end" error={errors.end}>
          <Input type="date" value={period.end} onChange={(event) => onPeriodChange({ ...period, end: event.target.value })} />
        </FormField>
      </div>
      <p className="-mt-2 text-sm text-muted-foreground">
        The invoices are dated today and due after each building’s payment term. You see every amount before anything is created.
      </p>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" size="lg" className={BUTTON}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" size="lg" className={BUTTON} disabled={buildings.length === 0}>
          Preview invoices
        </Button>
      </DialogFooter>
    </form>
  );
}

function PreviewStep({ buildings, period, onBack, onGenerate }: { buildings: Building[]; period: Period; onBack: () => void; onGenerate: () => void }) {
  const trpc = useTRPC();
  const previews = useQueries({
    queries: buildings.map((b) =>
      trpc.invoices.previewGeneration.queryOptions({ buildingId: b.id, periodStart: period.start, periodEnd: period.end }, { staleTime: 0, gcTime: 0 }),
    ),
  });
  const loading = previews.some((p) => p.isPending);
  const loaded = previews.flatMap((p) => (p.data ? [p.data] : []));
  const toCreate = loaded.reduce((sum, p) => sum + p.totals.toCreate, 0);
  const already = loaded.reduce((sum, p) => sum + p.totals.alreadyInvoiced, 0);
  const review = loaded.reduce((sum, p) => sum + p.totals.needsReview, 0);
  const currencies = [...new Set(loaded.map((p) => p.currency))];
  const failed = previews.filter((p) => p.isError).length;

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
            {currencies.map((currency) => {
              const amount = loaded.filter((p) => p.currency === currency).reduce((sum, p) => sum + p.totals.amount, 0);
              const vat = loaded.filter((p) => p.currency === currency).reduce((sum, p) => sum + p.totals.vatAmount, 0);
              return (
                <span key={currency}>
                  {' '}
                  totalling {formatMoney(amount, currency)} (VAT {formatMoney(vat, currency)})
                </span>
              );
            })}
            .{already > 0 && ` ${plural(already, 'apartment')} already invoiced for this period will be skipped.`}
            {review > 0 && ` ${plural(review, 'invoice')} will need your review before sending.`}
          </p>
        )}
      </section>

      {buildings.map((building, i) => {
        const query = previews[i]!;
        if (query.isPending) return null;
        if (query.isError) {
          const field = fieldErrors(query.error)[0];
          return (
            <Alert key={building.id} variant="destructive" role="alert">
              <CircleAlertIcon aria-hidden="true" />
              <p>
                {building.name}: the preview could not be made. {field ? asSentence(`${field.path} ${field.message}`) : describeError(query.error)}
              </p>
            </Alert>
          );
        }
        return <BuildingPreview key={building.id} name={building.name} preview={query.data} />;
      })}

      <DialogFooter>
        <Button variant="outline" size="lg" className={BUTTON} onClick={onBack}>
          Back
        </Button>
        <Button
          size="lg"
          className={cn(BUTTON, 'aria-disabled:opacity-60')}
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
              <TableHead>Apartment</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead className="text-right">VAT</TableHead>
              <TableHead className="text-right">Penalty</TableHead>
              <TableHead className="text-right">Credit</TableHead>
              <TableHead>Note</TableHead>
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

function ProgressStep({
  total,
  results,
  current,
  finished,
  period,
  onStop,
  onShowDrafts,
}: {
  total: number;
  results: BuildingResult[];
  current: Building | null;
  finished: boolean;
  period: Period;
  onStop: () => void;
  onShowDrafts: () => void;
}) {
  const [stopping, setStopping] = useState(false);
  const created = results.reduce((sum, r) => sum + r.created, 0);
  const skipped = results.reduce((sum, r) => sum + r.skipped, 0);
  const failures = results.filter((r) => r.error);
  const progressText = `${results.length} of ${plural(total, 'building')} done, ${plural(created, 'invoice')} created`;

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <ProgressBar
          label="Generating invoices"
          value={results.length}
          max={total}
          busy={current !== null}
          valueText={current ? `Generating ${current.name}; ${progressText}` : progressText}
        />
        <p className="grid gap-0.5 text-sm" aria-live="polite">
          {current && <span className="font-medium break-words">Generating {current.name}…</span>}
          <span className="text-muted-foreground tabular-nums">{progressText}</span>
        </p>
      </div>

      {finished && (
        <Alert variant={failures.length ? 'destructive' : 'success'} role="status">
          {failures.length ? <CircleAlertIcon aria-hidden="true" /> : <CircleCheckIcon aria-hidden="true" />}
          <p>
            Finished: {plural(created, 'invoice')} created for {formatPeriod(period.start, period.end)}
            {skipped > 0 && `; ${plural(skipped, 'apartment')} already had one and ${skipped === 1 ? 'was' : 'were'} skipped`}
            {failures.length > 0 && `; ${plural(failures.length, 'building')} failed`}
            {results.length < total && `; stopped before ${plural(total - results.length, 'building')}`}.
          </p>
        </Alert>
      )}

      {results.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label="Buildings">
          {results.map((r) => (
            <li key={r.building.id} className="flex flex-wrap justify-between gap-x-4 rounded-md border px-3 py-2">
              <span className="font-medium">{r.building.name}</span>
              {r.error ? (
                <span className="text-destructive">Failed: {r.error}</span>
              ) : (
                <span className="text-muted-foreground">
                  {plural(r.created, 'created', 'created')}
                  {r.skipped > 0 && `, ${r.skipped} skipped`}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}

      <DialogFooter>
        {finished ? (
          <>
            <DialogClose asChild>
              <Button variant="outline" size="lg" className={BUTTON}>
                Close
              </Button>
            </DialogClose>
            {created > 0 && (
              <Button size="lg" className={BUTTON} onClick={onShowDrafts}>
                Show the new drafts
              </Button>
            )}
          </>
        ) : (
          <Button
            variant="outline"
            size="lg"
            className={cn(BUTTON, 'aria-disabled:opacity-60')}
            aria-disabled={stopping}
            onClick={() => {
              setStopping(true);
              onStop();
            }}
          >
            {stopping ? 'Stopping after this building…' : 'Stop after this building'}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
