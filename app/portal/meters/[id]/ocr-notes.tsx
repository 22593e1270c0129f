'use client';

import { CameraIcon, CircleAlertIcon, LoaderCircleIcon, ScanTextIcon, TriangleAlertIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/alert';
import { SURE, type Ocr } from './reading';

/** The photo just taken, with a caption while it is being read. */
export function PhotoPreview({ url, ocr }: { url: string; ocr: Ocr }) {
  const t = useTranslations('PortalMeters');
  return (
    <figure className="relative overflow-hidden rounded-lg border bg-muted">
      {/* A local preview (blob: URL) of the photo just taken; next/image cannot optimise it. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={url} alt={t('photo.alt')} className="max-h-72 w-full object-contain" />
      {ocr.state === 'reading' && (
        <figcaption className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-2 bg-foreground/75 py-2 text-sm font-medium text-background">
          <LoaderCircleIcon className="size-4 motion-safe:animate-spin" aria-hidden="true" />
          {t('photo.readingNumber')}
        </figcaption>
      )}
    </figure>
  );
}

/** What the reader made of the photo, read out as it arrives. */
export function OcrNotes({ ocr }: { ocr: Ocr }) {
  const t = useTranslations('PortalMeters');
  return (
  <div aria-live="polite" className="grid gap-2 empty:hidden">
    {ocr.state === 'read' && (
      <Alert variant={ocr.confidence >= SURE ? 'info' : 'destructive'}>
        {ocr.confidence >= SURE ? <ScanTextIcon aria-hidden="true" /> : <TriangleAlertIcon aria-hidden="true" />}
        <p>
          {t.rich('photo.read', {
            value: ocr.value,
            percent: Math.round(ocr.confidence * 100),
            b: (chunks) => <span className="font-semibold">{chunks}</span>,
            number: (chunks) => <span className="font-semibold tabular-nums">{chunks}</span>,
          })}{' '}
          {ocr.confidence >= SURE ? t('photo.compare') : t('photo.compareHard')}
        </p>
      </Alert>
    )}
    {ocr.state === 'unreadable' && (
      <Alert variant="destructive">
        <TriangleAlertIcon aria-hidden="true" />
        <p>{t('photo.unreadable')}</p>
      </Alert>
    )}
    {ocr.state === 'stored' && (
      <Alert>
        <CameraIcon aria-hidden="true" />
        <p>{t('photo.stored')}</p>
      </Alert>
    )}
    {ocr.state === 'refused' && (
      <Alert variant="destructive" role="alert">
        <CircleAlertIcon aria-hidden="true" />
        <p>{t(`photo.refused.${ocr.reason}`)}</p>
      </Alert>
    )}
  </div>
  );
}
