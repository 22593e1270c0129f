'use client';

import { useMutation } from '@tanstack/react-query';
import { CameraIcon, LoaderCircleIcon, SendIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { useTRPC } from '@/lib/trpc/react';
import { describeError, errorCode, fieldErrors } from '@/lib/trpc/errors';
import { isLocale } from '@/i18n/locales';
import { useErrorWords } from '@/lib/error-text';
import { cn } from '@/lib/utils';
import { formatReading, formatUnit } from '../meter-format';
import { OcrNotes, PhotoPreview } from './ocr-notes';
import { parseReading, readMeterPhoto, readingSource, registerToInput } from './read-photo';
import { otherCandidates, readingHint, valueMessage, type Ocr, type ReadingFormMeter } from './reading';

export type { ReadingFormMeter } from './reading';

type Photo = { url: string; name: string };

/**
 * A resident reads a meter: takes a photo (read by the server and pre-filled here to check), or types the
 * number in, and sends it. The buttons sit at the bottom of the screen, above the navigation.
 */
export function ReadingForm({ meter }: { meter: ReadingFormMeter }) {
  const words = useErrorWords();
  const t = useTranslations('PortalMeters');
  const asked = useLocale();
  const locale = isLocale(asked) ? asked : undefined;
  const trpc = useTRPC();
  const router = useRouter();
  const submit = useMutation(trpc.meters.submitReading.mutationOptions());

  const [photo, setPhoto] = useState<Photo | null>(null);
  const [photoId, setPhotoId] = useState<string | null>(null);
  const [ocr, setOcr] = useState<Ocr>({ state: 'none' });
  const [value, setValue] = useState('');
  const [valueError, setValueError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ key: number; text: string } | null>(null);

  const fileInputId = useId();
  const valueRef = useRef<HTMLInputElement>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const reading = useRef<AbortController | null>(null);
  const photoUrl = useRef<string | null>(null);

  // Leaving the page: stop a photo on its way and free the preview.
  useEffect(
    () => () => {
      reading.current?.abort();
      if (photoUrl.current) URL.revokeObjectURL(photoUrl.current);
    },
    [],
  );
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  // The field is disabled while a reading is sent; a server error on the value focuses it once it is enabled again.
  const focusValue = useRef(false);
  useEffect(() => {
    if (!focusValue.current || submit.isPending) return;
    focusValue.current = false;
    valueRef.current?.focus();
  });

  function showPhoto(next: Photo | null) {
    if (photoUrl.current) URL.revokeObjectURL(photoUrl.current);
    photoUrl.current = next?.url ?? null;
    setPhoto(next);
  }

  function showFormError(message: string) {
    setFormError(message);
    requestAnimationFrame(() => formErrorRef.current?.focus());
  }

  async function onPhotoChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that taking or choosing the same file again fires a change.
    event.target.value = '';
    if (!file) return;
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;

    setSent(null);
    setFormError(null);
    setValueError(undefined);
    setPhotoId(null);
    showPhoto({ url: URL.createObjectURL(file), name: file.name || t('photo.alt') });
    setOcr({ state: 'reading' });

    let result;
    try {
      result = await readMeterPhoto(file, meter.id, controller.signal);
    } catch {
      return; // replaced by a newer photo, or the page was left
    }
    if (reading.current !== controller) return;
    reading.current = null;
    if (result.kind === 'refused') {
      showPhoto(null);
      setOcr({ state: 'refused', reason: result.reason });
      return;
    }
    setPhotoId(result.photoId);
    if (result.kind === 'stored') {
      setOcr({ state: 'stored' });
    } else if (result.value === null) {
      setOcr({ state: 'unreadable' });
    } else {
      setOcr({ state: 'read', value: result.value, confidence: result.confidence, candidates: result.candidates });
      setValue(registerToInput(result.value));
    }
    // Straight on to checking or typing the number.
    valueRef.current?.focus({ preventScroll: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending || ocr.state === 'reading') return;
    setFormError(null);
    const parsed = parseReading(value, meter.decimals);
    if ('error' in parsed) {
      setValueError(t(`form.${parsed.error}`, { decimals: meter.decimals }));
      valueRef.current?.focus();
      return;
    }
    setValueError(undefined);
    submit.mutate(
      // The reader's value pre-filled the field (ocr), or nothing was read and the number was typed (manual).
      { id: meter.id, value: parsed.value, ...readingSource(ocr.state === 'read', photoId) },
      {
        onSuccess: ({ data }) => {
          setSent({ key: Date.now(), text: t('form.sent', { value: formatReading(data.value, meter.decimals, meter.unit, locale) }) });
          setValue('');
          setPhotoId(null);
          showPhoto(null);
          setOcr({ state: 'none' });
          router.refresh();
        },
        onError: (failure) => {
          const errors = fieldErrors(failure);
          const onValue = errors.find((e) => e.path === 'value');
          if (onValue) {
            setValueError(valueMessage(onValue, meter, t, words, locale));
            focusValue.current = true;
          } else if (errors.some((e) => e.path === 'photoId')) {
            setPhotoId(null);
            showPhoto(null);
            setOcr({ state: 'none' });
            showFormError(t('form.photoNotAttached'));
          } else if (errorCode(failure) === 'NOT_FOUND') {
            showFormError(t('form.meterGone'));
          } else {
            showFormError(t('form.notSent', { reason: describeError(failure, words) }));
          }
        },
      },
    );
  }

  const busy = submit.isPending || ocr.state === 'reading';
  const others = otherCandidates(ocr);

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('newReading')} className="grid gap-5">
      {sent && (
        <Notice key={sent.key} ref={sentRef} ring>
          {sent.text}
        </Notice>
      )}
      {formError && (
        <Notice ref={formErrorRef} tone="destructive" ring>
          {formError}
        </Notice>
      )}

      {photo && <PhotoPreview url={photo.url} ocr={ocr} />}

      <OcrNotes ocr={ocr} />

      <FormField
        label={t('form.value', { unit: formatUnit(meter.unit) })}
        description={readingHint(meter, t, locale)}
        error={valueError}
      >
        <Input
          ref={valueRef}
          name="value"
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="send"
          placeholder={ocr.state === 'reading' ? t('form.readingPhoto') : formatReading(0, meter.decimals, undefined, locale)}
          value={value}
          disabled={submit.isPending}
          onChange={(event) => {
            setValue(event.target.value);
            if (valueError) setValueError(undefined);
          }}
          className="h-14 text-2xl font-semibold tabular-nums sm:text-2xl"
        />
      </FormField>

      {others.length > 0 && (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{t('form.otherReadings')}</p>
          <div className="flex flex-wrap gap-2">
            {others.map((c) => (
              <Button key={c.value} variant="outline" size="lg" className="tabular-nums" onClick={() => setValue(registerToInput(c.value))}>
                {t('form.use', { value: registerToInput(c.value) })}
              </Button>
            ))}
          </div>
        </div>
      )}

      {/* Thumb reach: the two actions stay at the bottom of the screen, above the navigation, while the form is in view. */}
      <div className="sticky bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] z-10 -mx-4 grid gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:flex sm:border-0 sm:bg-transparent sm:px-0 sm:py-0">
        <div>
          {/* The real input stays focusable for keyboards and screen readers; the label is what a finger taps. */}
          <input
            id={fileInputId}
            type="file"
            accept="image/*"
            capture="environment"
            disabled={submit.isPending}
            onChange={onPhotoChosen}
            className="peer sr-only"
          />
          <label
            htmlFor={fileInputId}
            className={cn(
              buttonVariants({ variant: photo || value ? 'outline' : 'default', size: 'lg' }),
              'h-14 w-full cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:pointer-events-none peer-disabled:opacity-60 sm:w-auto [&_svg]:size-5',
            )}
          >
            <CameraIcon aria-hidden="true" />
            {photo ? t('form.takeAnother') : t('form.takePhoto')}
          </label>
        </div>
        <Button
          type="submit"
          size="lg"
          variant={photo || value ? 'default' : 'outline'}
          aria-disabled={busy}
          className="h-14 w-full aria-disabled:opacity-60 sm:w-auto [&_svg]:size-5"
        >
          {busy ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
          {submit.isPending ? t('form.sending') : ocr.state === 'reading' ? t('form.readingPhoto') : t('form.send')}
        </Button>
      </div>
    </form>
  );
}
