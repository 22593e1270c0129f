'use client';

import { CameraIcon, CircleAlertIcon, LoaderCircleIcon, XIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, type Ref } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { MAX_PHOTOS } from './new-request';
import type { PhotoUploads } from './use-photo-uploads';

/** Up to five photos: previews with a button to remove each, and the input that takes or chooses more. */
export function PhotoPicker({
  uploads,
  fileRef,
  disabled,
  removeDisabled,
}: {
  uploads: PhotoUploads;
  fileRef: Ref<HTMLInputElement>;
  disabled: boolean;
  removeDisabled: boolean;
}) {
  const t = useTranslations('PortalRequests');
  const { photos, photoErrors, photoStatus, onFilesChosen, removePhoto } = uploads;
  const photoHintId = useId();
  const fileInputId = useId();
  const full = photos.length >= MAX_PHOTOS;
  return (
    <fieldset className="grid gap-3" aria-describedby={photoHintId}>
      <legend className="mb-2 text-sm font-medium">{t('photos.legend')}</legend>
      <p id={photoHintId} className="-mt-2 text-sm text-muted-foreground">
        {t('photos.hint', { max: MAX_PHOTOS })}
      </p>

      {photos.length > 0 && (
        <ul aria-label={t('photos.chosen')} className="grid grid-cols-3 gap-3 sm:grid-cols-5">
          {photos.map((photo, index) => (
            <li key={photo.key} className="relative aspect-square overflow-hidden rounded-md border bg-muted">
              {/* A local preview (blob: URL) of the file just chosen; next/image cannot optimise it. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={photo.url} alt={t('photos.alt', { n: index + 1, name: photo.name })} className="size-full object-cover" />
              {photo.status === 'uploading' && (
                <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1 bg-foreground/70 py-1 text-xs font-medium text-background">
                  <LoaderCircleIcon className="size-3.5 motion-safe:animate-spin" aria-hidden="true" />
                  {t('photos.uploading')}
                </span>
              )}
              <button
                type="button"
                onClick={() => removePhoto(photo, index)}
                disabled={removeDisabled}
                className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-bl-md bg-card/90 text-foreground hover:bg-card focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
              >
                <XIcon className="size-5" aria-hidden="true" />
                <span className="sr-only">
                  {t('photos.remove', { n: index + 1, name: photo.name })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <div>
        {/* The real input stays focusable for keyboards and screen readers; the label is what a finger taps. */}
        <input
          ref={fileRef}
          id={fileInputId}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          disabled={full || disabled}
          onChange={onFilesChosen}
          aria-describedby={photoHintId}
          className="peer sr-only"
        />
        <label
          htmlFor={fileInputId}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'lg' }),
            'w-full cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:pointer-events-none peer-disabled:opacity-60 sm:w-auto',
          )}
        >
          <CameraIcon aria-hidden="true" />
          {full ? t('photos.full', { max: MAX_PHOTOS }) : photos.length > 0 ? t('photos.addAnother') : t('photos.add')}
        </label>
      </div>

      <div role="alert" className="grid gap-1">
        {photoErrors.map((message, i) => (
          <p key={i} className="flex items-start gap-2 text-sm font-medium text-destructive">
            <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {message}
          </p>
        ))}
      </div>
      <p aria-live="polite" className="sr-only">
        {photoStatus}
      </p>
    </fieldset>
  );
}
