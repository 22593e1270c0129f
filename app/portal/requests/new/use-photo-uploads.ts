'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { choosePhotos, uploadPhoto } from './new-request';

export type Photo = { key: string; name: string; url: string; status: 'uploading' | 'done'; id?: string };

/** What a photo's upload ends in when the server refused it (null: removed by the person meanwhile). */
const FAILED = 'failed' as const;

/** Photos uploaded as soon as they are chosen, with their previews, errors and what is read out. */
export function usePhotoUploads(focusPhotoInput: () => void) {
  const t = useTranslations('PortalRequests');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [photoStatus, setPhotoStatus] = useState('');
  // Mirrors of the photo state for async code (uploads finishing, a submit waiting for them).
  const photosRef = useRef<Photo[]>([]);
  const uploads = useRef(new Map<string, { promise: Promise<string | typeof FAILED | null>; controller: AbortController }>());
  const nextKey = useRef(0);

  function updatePhotos(update: (previous: Photo[]) => Photo[]) {
    photosRef.current = update(photosRef.current);
    setPhotos(photosRef.current);
  }

  // Leaving the page: stop uploads in flight and free the previews.
  useEffect(() => {
    const inFlight = uploads.current;
    return () => {
      for (const { controller } of inFlight.values()) controller.abort();
      for (const photo of photosRef.current) URL.revokeObjectURL(photo.url);
    };
  }, []);

  function onFilesChosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again (after removing it) fires a change.
    event.target.value = '';
    if (files.length === 0) return;

    const { accepted, problems } = choosePhotos(files, photosRef.current.length, t);
    for (const { file, name } of accepted) {
      const key = `photo-${nextKey.current++}`;
      const url = URL.createObjectURL(file);
      const controller = new AbortController();
      updatePhotos((previous) => [...previous, { key, name, url, status: 'uploading' }]);
      const promise = uploadPhoto(file, controller.signal, t).then((result): string | typeof FAILED | null => {
        if (!uploads.current.has(key)) return null; // removed meanwhile
        if ('id' in result) {
          updatePhotos((previous) => previous.map((p) => (p.key === key ? { ...p, status: 'done', id: result.id } : p)));
          setPhotoStatus(t('photos.added', { name }));
          return result.id;
        }
        uploads.current.delete(key);
        URL.revokeObjectURL(url);
        updatePhotos((previous) => previous.filter((p) => p.key !== key));
        setPhotoErrors((previous) => [...previous, result.error]);
        return FAILED;
      });
      uploads.current.set(key, { promise, controller });
    }
    setPhotoErrors(problems);
    if (accepted.length > 0) setPhotoStatus(t('photos.uploadingCount', { count: accepted.length }));
  }

  function removePhoto(photo: Photo, index: number) {
    uploads.current.get(photo.key)?.controller.abort();
    uploads.current.delete(photo.key);
    URL.revokeObjectURL(photo.url);
    updatePhotos((previous) => previous.filter((p) => p.key !== photo.key));
    setPhotoStatus(t('photos.removed', { n: index + 1 }));
    // Its button is gone: continue from the photo input (enabled again after the render, if it was full).
    requestAnimationFrame(focusPhotoInput);
  }

  /**
   * The uploaded photos' ids once every upload has ended (so that tapping "Send" early does not lose them),
   * or null when one failed. `onWaiting` is called first when some are still uploading.
   */
  async function finishedUploads(onWaiting: () => void): Promise<string[] | null> {
    const chosen = photosRef.current;
    if (chosen.some((p) => p.status === 'uploading')) {
      onWaiting();
      setPhotoStatus(t('photos.waiting'));
    }
    const results = await Promise.all(chosen.map((p) => p.id ?? uploads.current.get(p.key)?.promise ?? null));
    if (results.includes(FAILED)) return null;
    // Photos removed while waiting stay out.
    const kept = new Set(photosRef.current.map((p) => p.key));
    return chosen.flatMap((p, i) => {
      const result = results[i];
      return result && result !== FAILED && kept.has(p.key) ? [result] : [];
    });
  }

  return {
    photos,
    photoErrors,
    photoStatus,
    onFilesChosen,
    removePhoto,
    finishedUploads,
    /** The photos belong to the request now; nothing to abort on the way out. */
    handOver: () => uploads.current.clear(),
  };
}

export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
