'use client';

import { CameraIcon, CircleAlertIcon, LoaderCircleIcon, ScanTextIcon, TriangleAlertIcon } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { SURE, type Ocr } from './reading';

/** The photo just taken, with a caption while it is being read. */
export function PhotoPreview({ url, ocr }: { url: string; ocr: Ocr }) {
  return (
    <figure className="relative overflow-hidden rounded-lg border bg-muted">
      {/* A local preview (blob: URL) of the photo just taken; next/image cannot optimise it. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={url} alt="Your photo of the meter" className="max-h-72 w-full object-contain" />
      {ocr.state === 'reading' && (
        <figcaption className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-2 bg-foreground/75 py-2 text-sm font-medium text-background">
          <LoaderCircleIcon className="size-4 motion-safe:animate-spin" aria-hidden="true" />
          Reading the number…
        </figcaption>
      )}
    </figure>
  );
}

/** What the reader made of the photo, read out as it arrives. */
export function OcrNotes({ ocr }: { ocr: Ocr }) {
  return (
  <div aria-live="polite" className="grid gap-2 empty:hidden">
    {ocr.state === 'read' && (
      <Alert variant={ocr.confidence >= SURE ? 'info' : 'destructive'}>
        {ocr.confidence >= SURE ? <ScanTextIcon aria-hidden="true" /> : <TriangleAlertIcon aria-hidden="true" />}
        <p>
          <span className="font-semibold">Check the number.</span> Read from the photo as{' '}
          <span className="font-semibold tabular-nums">{ocr.value}</span> ({Math.round(ocr.confidence * 100)} % sure).{' '}
          {ocr.confidence >= SURE ? 'Compare it with the meter and correct it if needed.' : 'The photo was hard to read: compare every digit with the meter.'}
        </p>
      </Alert>
    )}
    {ocr.state === 'unreadable' && (
      <Alert variant="destructive">
        <TriangleAlertIcon aria-hidden="true" />
        <p>No number could be read from this photo. Type the number from the meter below, or take a sharper photo closer to the numbers.</p>
      </Alert>
    )}
    {ocr.state === 'stored' && (
      <Alert>
        <CameraIcon aria-hidden="true" />
        <p>The photo is attached, but the number could not be read automatically just now. Type it in below.</p>
      </Alert>
    )}
    {ocr.state === 'refused' && (
      <Alert variant="destructive" role="alert">
        <CircleAlertIcon aria-hidden="true" />
        <p>{ocr.message}</p>
      </Alert>
    )}
  </div>
  );
}
