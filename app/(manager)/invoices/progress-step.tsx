'use client';

import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import type { Building } from '../residents/apartment-directory';
import { formatPeriod } from './format';
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
  const locale = useLocale();
  const t = useTranslations('Invoices');
  const [stopping, setStopping] = useState(false);
  const { created, skipped, failures } = progressSummary(results);
  const progressText = t('generate.progress', { done: results.length, total, created });

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <ProgressBar
          label={t('generate.progressLabel')}
          value={results.length}
          max={total}
          busy={current !== null}
          valueText={current ? t('generate.progressValue', { name: current.name, progress: progressText }) : progressText}
        />
        <p className="grid gap-0.5 text-sm" aria-live="polite">
          {current && <span className="font-medium break-words">{t('generate.generatingBuilding', { name: current.name })}</span>}
          <span className="text-muted-foreground tabular-nums">{progressText}</span>
        </p>
      </div>

      {finished && (
        <Alert variant={failures ? 'destructive' : 'success'} role="status">
          {failures ? <CircleAlertIcon aria-hidden="true" /> : <CircleCheckIcon aria-hidden="true" />}
          <p>
            {t('generate.finished', { count: created, period: formatPeriod(period.start, period.end, locale) })}
            {skipped > 0 && t('generate.finishedSkipped', { count: skipped })}
            {failures > 0 && t('generate.finishedFailed', { count: failures })}
            {results.length < total && t('generate.finishedStopped', { count: total - results.length })}.
          </p>
        </Alert>
      )}

      {results.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={t('generate.buildings')}>
          {results.map((r) => (
            <li key={r.building.id} className="flex flex-wrap justify-between gap-x-4 rounded-md border px-3 py-2">
              <span className="font-medium">{r.building.name}</span>
              {r.error ? (
                <span className="text-destructive">{t('generate.buildingFailed', { reason: r.error })}</span>
              ) : (
                <span className="text-muted-foreground">
                  {t('generate.createdCount', { count: r.created })}
                  {r.skipped > 0 && t('generate.skippedCount', { count: r.skipped })}
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
                {t('generate.close')}
              </Button>
            </DialogClose>
            {created > 0 && (
              <Button size="lg" className={DIALOG_BUTTON} onClick={onShowDrafts}>
                {t('generate.showDrafts')}
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
            {stopping ? t('generate.stopping') : t('generate.stop')}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
