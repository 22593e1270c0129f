'use client';

import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import type { Building } from '../residents/apartment-directory';
import { formatPeriod, plural } from './format';
import { progressSummary, type BuildingResult, type Period } from './generation';
import { ProgressBar } from './progress-bar';

/** The steps' footer buttons: 44 px tall on phones, the usual 40 px from `sm` up. */
export const DIALOG_BUTTON = 'sm:h-10 sm:px-4 sm:text-sm';

/** The last step: building by building as they are generated, then what was done. */
export function ProgressStep({
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
  const { created, skipped, failures } = progressSummary(results);
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
        <Alert variant={failures ? 'destructive' : 'success'} role="status">
          {failures ? <CircleAlertIcon aria-hidden="true" /> : <CircleCheckIcon aria-hidden="true" />}
          <p>
            Finished: {plural(created, 'invoice')} created for {formatPeriod(period.start, period.end)}
            {skipped > 0 && `; ${plural(skipped, 'apartment')} already had one and ${skipped === 1 ? 'was' : 'were'} skipped`}
            {failures > 0 && `; ${plural(failures, 'building')} failed`}
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
              <Button variant="outline" size="lg" className={DIALOG_BUTTON}>
                Close
              </Button>
            </DialogClose>
            {created > 0 && (
              <Button size="lg" className={DIALOG_BUTTON} onClick={onShowDrafts}>
                Show the new drafts
              </Button>
            )}
          </>
        ) : (
          <Button
            variant="outline"
            size="lg"
            className={cn(DIALOG_BUTTON, 'aria-disabled:opacity-60')}
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
