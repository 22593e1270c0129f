'use client';

import { useMutation } from '@tanstack/react-query';
import { CameraIcon, CircleAlertIcon, LoaderCircleIcon, SendIcon, XIcon } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useTRPC } from '@/lib/trpc/react';
import { cn } from '@/lib/utils';
import { asSentence, describeError, errorCode, fieldErrors } from '@/lib/trpc/errors';

/** The server's limits (server/api/routers/maintenance, server/services/uploads). */
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 5000;
const MAX_PHOTOS = 5;
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

type ApartmentOption = { id: string; label: string };
type Photo = { key: string; name: string; url: string; status: 'uploading' | 'done'; id?: string };
type FieldName = 'apartment' | 'title' | 'description';
type UploadResult = { id: string } | { error: string };

/** What a photo's upload ends in when the server refused it (null: removed by the person meanwhile). */
const FAILED = 'failed' as const;

/** Uploads one photo; the answer is the upload's id or a sentence saying why it was refused. */
async function uploadPhoto(file: File, signal: AbortSignal): Promise<UploadResult> {
  const name = file.name || 'The photo';
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/uploads', { method: 'POST', body, signal });
  } catch {
    return { error: `“${name}” could not be uploaded. Check your connection and try again.` };
  }
  if (response.status === 201) {
    const json = (await response.json().catch(() => null)) as { data?: { id?: unknown } } | null;
    if (typeof json?.data?.id === 'string') return { id: json.data.id };
  }
  switch (response.status) {
    case 413:
      return { error: `“${name}” is larger than 10 MB. Choose a smaller photo or take a new one.` };
    case 415:
      return { error: `“${name}” is not a photo that can be used. Choose a JPEG, PNG, WebP or HEIC image.` };
    case 401:
      return { error: 'Your session has ended. Sign in again to add photos.' };
    case 429:
      return { error: 'Too many uploads in a short time. Wait a minute and try again.' };
    default:
      return { error: `“${name}” could not be uploaded. Try again in a moment.` };
  }
}

/** A resident reports a problem: apartment, title, description and up to five photos uploaded as they are chosen. */
export function NewRequestForm({ apartments }: { apartments: ApartmentOption[] }) {
  const trpc = useTRPC();
  const router = useRouter();
  const create = useMutation(trpc.maintenance.create.mutationOptions());

  const [apartmentId, setApartmentId] = useState(apartments.length === 1 ? apartments[0]!.id : '');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'editing' | 'waiting-for-photos' | 'sending'>('editing');

  const [photos, setPhotos] = useState<Photo[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [photoStatus, setPhotoStatus] = useState('');
  // Mirrors of the photo state for async code (uploads finishing, a submit waiting for them).
  const photosRef = useRef<Photo[]>([]);
  const uploads = useRef(new Map<string, { promise: Promise<string | typeof FAILED | null>; controller: AbortController }>());
  const nextKey = useRef(0);

  const apartmentRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const photoHintId = useId();
  const fileInputId = useId();

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

    const problems: string[] = [];
    const room = MAX_PHOTOS - photosRef.current.length;
    if (files.length > room) {
      const left = files.length - Math.max(room, 0);
      problems.push(
        `You can add up to ${MAX_PHOTOS} photos; ${left === 1 ? 'one photo was' : `${left} photos were`} left out.`,
      );
    }
    let started = 0;
    for (const file of files.slice(0, Math.max(room, 0))) {
      const name = file.name || 'The photo';
      // Checked here too, so a phone does not send megabytes that the server would refuse.
      if (file.size > MAX_PHOTO_BYTES) {
        problems.push(`“${name}” is larger than 10 MB. Choose a smaller photo or take a new one.`);
        continue;
      }
      if (file.type && !file.type.startsWith('image/')) {
        problems.push(`“${name}” is not a photo that can be used. Choose a JPEG, PNG, WebP or HEIC image.`);
        continue;
      }
      const key = `photo-${nextKey.current++}`;
      const url = URL.createObjectURL(file);
      const controller = new AbortController();
      updatePhotos((previous) => [...previous, { key, name, url, status: 'uploading' }]);
      started++;
      const promise = uploadPhoto(file, controller.signal).then((result): string | typeof FAILED | null => {
        if (!uploads.current.has(key)) return null; // removed meanwhile
        if ('id' in result) {
          updatePhotos((previous) => previous.map((p) => (p.key === key ? { ...p, status: 'done', id: result.id } : p)));
          setPhotoStatus(`“${name}” added.`);
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
    if (started > 0) setPhotoStatus(started === 1 ? 'Uploading 1 photo…' : `Uploading ${started} photos…`);
  }

  function removePhoto(photo: Photo, index: number) {
    uploads.current.get(photo.key)?.controller.abort();
    uploads.current.delete(photo.key);
    URL.revokeObjectURL(photo.url);
    updatePhotos((previous) => previous.filter((p) => p.key !== photo.key));
    setPhotoStatus(`Photo ${index + 1} removed.`);
    // Its button is gone: continue from the photo input (enabled again after the render, if it was full).
    requestAnimationFrame(() => fileRef.current?.focus());
  }

  function focusField(field: FieldName) {
    const target = { apartment: apartmentRef, title: titleRef, description: descriptionRef }[field].current;
    target?.focus();
  }

  function showFormError(message: string) {
    setFormError(message);
    // After the render that shows it.
    requestAnimationFrame(() => formErrorRef.current?.focus());
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'editing') return;
    setFormError(null);

    const found: Partial<Record<FieldName, string>> = {};
    if (!apartmentId) found.apartment = 'Choose the apartment.';
    if (!title.trim()) found.title = 'Enter a short title.';
    else if (title.trim().length > MAX_TITLE) found.title = `Use at most ${MAX_TITLE} characters.`;
    if (!description.trim()) found.description = 'Describe the problem.';
    else if (description.trim().length > MAX_DESCRIPTION) found.description = `Use at most ${MAX_DESCRIPTION} characters.`;
    setErrors(found);
    const first = (['apartment', 'title', 'description'] as const).find((f) => found[f]);
    if (first) {
      focusField(first);
      return;
    }

    // Photos still uploading are waited for, so tapping "Send" early does not lose them.
    const chosen = photosRef.current;
    if (chosen.some((p) => p.status === 'uploading')) {
      setPhase('waiting-for-photos');
      setPhotoStatus('Waiting for the photos to finish uploading…');
    }
    const results = await Promise.all(chosen.map((p) => p.id ?? uploads.current.get(p.key)?.promise ?? null));
    if (results.includes(FAILED)) {
      setPhase('editing');
      showFormError('A photo could not be uploaded (see Photos). Send again to report the problem without it, or add it again.');
      return;
    }
    // Photos removed while waiting stay out.
    const kept = new Set(photosRef.current.map((p) => p.key));
    const photoIds = chosen.flatMap((p, i) => {
      const result = results[i];
      return result && result !== FAILED && kept.has(p.key) ? [result] : [];
    });

    setPhase('sending');
    create.mutate(
      { apartmentId, title: title.trim(), description: description.trim(), photoIds },
      {
        onSuccess: ({ data }) => {
          // The photos belong to the request now; nothing to abort on the way out.
          uploads.current.clear();
          router.push(`/portal/requests?created=${encodeURIComponent(data.id)}`);
        },
        onError: (failure) => {
          setPhase('editing');
          const serverErrors: Partial<Record<FieldName, string>> = {};
          let photoProblem = false;
          for (const e of fieldErrors(failure)) {
            if (e.path === 'title' || e.path === 'description') serverErrors[e.path] = asSentence(e.message);
            else if (e.path === 'apartmentId') serverErrors.apartment = asSentence(e.message);
            else if (e.path.startsWith('photoIds')) photoProblem = true;
          }
          const firstServer = (['apartment', 'title', 'description'] as const).find((f) => serverErrors[f]);
          if (firstServer) {
            setErrors(serverErrors);
            focusField(firstServer);
          } else if (photoProblem) {
            showFormError('A photo could not be attached. Remove the photos and add them again.');
          } else if (errorCode(failure) === 'NOT_FOUND') {
            showFormError('This apartment is no longer linked to your account. Reload the page and try again.');
          } else {
            showFormError(`The request could not be sent. ${describeError(failure)}`);
          }
        },
      },
    );
  }

  const full = photos.length >= MAX_PHOTOS;
  const busy = phase !== 'editing';

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      {formError && (
        <Alert
          ref={formErrorRef}
          tabIndex={-1}
          variant="destructive"
          role="alert"
          className="focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <CircleAlertIcon aria-hidden="true" />
          <p>{formError}</p>
        </Alert>
      )}

      {apartments.length > 1 ? (
        <FormField label="Apartment" error={errors.apartment}>
          <SelectTriggerField
            triggerRef={apartmentRef}
            value={apartmentId}
            onChange={(value) => {
              setApartmentId(value);
              setErrors((previous) => ({ ...previous, apartment: undefined }));
            }}
            options={apartments}
            disabled={busy}
          />
        </FormField>
      ) : (
        <div className="grid gap-1 text-sm">
          <p className="font-medium">Apartment</p>
          <p>{apartments[0]!.label}</p>
        </div>
      )}

      <FormField label="Title" description="A few words, e.g. “Kitchen tap is leaking”." error={errors.title}>
        <Input
          ref={titleRef}
          name="title"
          required
          maxLength={MAX_TITLE}
          autoComplete="off"
          enterKeyHint="next"
          value={title}
          disabled={busy}
          onChange={(event) => {
            setTitle(event.target.value);
            if (errors.title) setErrors((previous) => ({ ...previous, title: undefined }));
          }}
        />
      </FormField>

      <FormField
        label="What is wrong?"
        description="Where exactly, since when, and whether someone needs to be at home."
        error={errors.description}
      >
        <Textarea
          ref={descriptionRef}
          name="description"
          required
          rows={5}
          maxLength={MAX_DESCRIPTION}
          value={description}
          disabled={busy}
          onChange={(event) => {
            setDescription(event.target.value);
            if (errors.description) setErrors((previous) => ({ ...previous, description: undefined }));
          }}
        />
      </FormField>

      <fieldset className="grid gap-3" aria-describedby={photoHintId}>
        <legend className="mb-2 text-sm font-medium">Photos (optional)</legend>
        <p id={photoHintId} className="-mt-2 text-sm text-muted-foreground">
          Up to {MAX_PHOTOS} photos, each at most 10 MB. They upload as soon as you take or choose them.
        </p>

        {photos.length > 0 && (
          <ul aria-label="Chosen photos" className="grid grid-cols-3 gap-3 sm:grid-cols-5">
            {photos.map((photo, index) => (
              <li key={photo.key} className="relative aspect-square overflow-hidden rounded-md border bg-muted">
                {/* A local preview (blob: URL) of the file just chosen; next/image cannot optimise it. */}
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img src={photo.url} alt={`Photo ${index + 1}: ${photo.name}`} className="size-full object-cover" />
                {photo.status === 'uploading' && (
                  <span className="absolute inset-x-0 bottom-0 flex items-center justify-center gap-1 bg-foreground/70 py-1 text-xs font-medium text-background">
                    <LoaderCircleIcon className="size-3.5 motion-safe:animate-spin" aria-hidden="true" />
                    Uploading…
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => removePhoto(photo, index)}
                  disabled={phase === 'sending'}
                  className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-bl-md bg-card/90 text-foreground hover:bg-card focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
                >
                  <XIcon className="size-5" aria-hidden="true" />
                  <span className="sr-only">
                    Remove photo {index + 1} ({photo.name})
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
            disabled={full || busy}
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
            {full ? `${MAX_PHOTOS} photos added` : photos.length > 0 ? 'Add another photo' : 'Add a photo'}
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

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link
          href="/portal/requests"
          className={cn(buttonVariants({ variant: 'ghost', size: 'lg' }), 'w-full sm:w-auto')}
        >
          Cancel
        </Link>
        <Button type="submit" size="lg" aria-disabled={busy} className="w-full aria-disabled:opacity-60 sm:w-auto">
          {busy ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
          {phase === 'waiting-for-photos' ? 'Uploading photos…' : phase === 'sending' ? 'Sending…' : 'Send request'}
        </Button>
      </div>
    </form>
  );
}

function SelectTriggerField({
  triggerRef,
  value,
  onChange,
  options,
  disabled,
  ...slotProps
}: {
  triggerRef: Ref<HTMLButtonElement>;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  value: string;
  onChange: (value: string) => void;
  options: ApartmentOption[];
  disabled?: boolean;
}) {
  // FormField passes id and aria-* here; they belong on the trigger, which the label points at.
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger {...slotProps} ref={triggerRef}>
        <SelectValue placeholder="Choose an apartment" />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.id} value={option.id}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
