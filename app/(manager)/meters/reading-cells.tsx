'use client';

import { KeyboardIcon, TriangleAlertIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { formatReading } from '@/app/portal/meters/meter-format';

/** A reading waiting for review, as the queue shows it. */
export type QueueRow = {
  id: string;
  value: number;
  readAt: string;
  consumption: number | null;
  source: 'manual' | 'ocr';
  photoUrl: string | null;
  flag: string | null;
  apartment: string;
  meterLabel: string;
  serialNumber: string;
  unit: string;
  decimals: number;
};

/** The value before this reading: what its consumption was counted from; "—" for a first reading. */
export function previousOf(r: QueueRow): string {
  return r.consumption === null ? '—' : formatReading(Math.round((r.value - r.consumption) * 1000) / 1000, r.decimals, r.unit);
}

export function FlagBadge({ flag }: { flag: string }) {
  const t = useTranslations('Meters.queue');
  return (
    <Badge variant="warning" className="mt-1 w-fit whitespace-normal text-left">
      <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t('flaggedSr')} </span>
      {flag}
    </Badge>
  );
}

export function PhotoThumb({ row, onOpen }: { row: QueueRow; onOpen: () => void }) {
  const t = useTranslations('Meters.queue');
  if (!row.photoUrl) {
    return (
      <span className="flex size-14 shrink-0 flex-col items-center justify-center gap-0.5 rounded-md border border-dashed text-[0.7rem] text-muted-foreground">
        <KeyboardIcon className="size-4" aria-hidden="true" />
        {t('typed')}
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      className="block size-14 shrink-0 overflow-hidden rounded-md border bg-muted hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      {/* An uploaded photo behind the session cookie; next/image would fetch it without that cookie. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={row.photoUrl} alt={t('photoAlt', { apartment: row.apartment, meter: row.meterLabel, serial: row.serialNumber })} loading="lazy" className="size-full object-cover" />
    </button>
  );
}

/** A native checkbox inside a 44px target. */
export function Checkbox({ label, checked, onChange, visibleLabel = false }: { label: string; checked: boolean; onChange: (on: boolean) => void; visibleLabel?: boolean }) {
  return (
    <label className="-m-2 inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center gap-3 p-2 text-sm font-medium">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="size-5 accent-primary" aria-label={visibleLabel ? undefined : label} />
      {visibleLabel && label}
    </label>
  );
}

/** A reading's photo, large, with a link to the full size. */
export function PhotoDialog({ row, onClose }: { row: QueueRow | null; onClose: () => void }) {
  const locale = useLocale();
  const t = useTranslations('Meters.queue');
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {row?.photoUrl && (
          <>
            <DialogHeader>
              <DialogTitle>
                {row.apartment} · {row.meterLabel} {row.serialNumber}
              </DialogTitle>
              <DialogDescription>
                {t.rich('submitted', {
                  value: () => <span className="font-semibold tabular-nums">{formatReading(row.value, row.decimals, row.unit)}</span>,
                  date: formatDateTime(row.readAt, locale),
                })}
              </DialogDescription>
            </DialogHeader>
            {/* An uploaded photo behind the session cookie; next/image would fetch it without that cookie. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={row.photoUrl} alt={t('meterPhotoAlt', { apartment: row.apartment, meter: row.meterLabel })} className="max-h-[70dvh] w-full rounded-md bg-muted object-contain" />
            <a href={row.photoUrl} target="_blank" rel="noopener noreferrer" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
              {t('fullSize')}
            </a>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
