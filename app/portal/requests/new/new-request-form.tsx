'use client';

import { useMutation } from '@tanstack/react-query';
import { LoaderCircleIcon, SendIcon } from 'lucide-react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { OptionsSelect } from '@/components/ui/options-select';
import { Textarea } from '@/components/ui/textarea';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { useErrorText, useErrorWords } from '@/lib/error-text';
import { errorCode } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { cn } from '@/lib/utils';
import { checkRequest, MAX_DESCRIPTION, MAX_TITLE, REQUEST_FIELDS, requestFailure } from './new-request';
import { PhotoPicker } from './photo-picker';
import { usePhotoUploads } from './use-photo-uploads';

type ApartmentOption = { id: string; label: string };

/** A resident reports a problem: apartment, title, description and up to five photos uploaded as they are chosen. */
export function NewRequestForm({ apartments }: { apartments: ApartmentOption[] }) {
  const t = useTranslations('PortalRequests');
  const fieldT = useTranslations('FieldErrors');
  const errorText = useErrorText();
  const words = useErrorWords();
  const trpc = useTRPC();
  const router = useRouter();
  const create = useMutation(trpc.maintenance.create.mutationOptions());

  const [apartmentId, setApartmentId] = useState(apartments.length === 1 ? apartments[0]!.id : '');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const { errors, formError, fail, clear, clearError, ref } = useFieldErrors(REQUEST_FIELDS);
  const [phase, setPhase] = useState<'editing' | 'waiting-for-photos' | 'sending'>('editing');
  const fileRef = useRef<HTMLInputElement>(null);
  const uploads = usePhotoUploads(() => fileRef.current?.focus());

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'editing') return;
    const found = checkRequest(apartmentId, title, description, t, fieldT);
    if (Object.keys(found).length) return fail(found);
    clear();

    const photoIds = await uploads.finishedUploads(() => setPhase('waiting-for-photos'));
    if (!photoIds) {
      setPhase('editing');
      fail({}, t('form.photoNotUploaded'));
      return;
    }

    setPhase('sending');
    create.mutate(
      { apartmentId, title: title.trim(), description: description.trim(), photoIds },
      {
        onSuccess: ({ data }) => {
          uploads.handOver();
          router.push(`/portal/requests?created=${encodeURIComponent(data.id)}`);
        },
        onError: (failure) => {
          setPhase('editing');
          const { errors: serverErrors, photoProblem } = requestFailure(failure, words);
          if (REQUEST_FIELDS.some((f) => serverErrors[f])) fail(serverErrors);
          else if (photoProblem) fail({}, t('form.photoNotAttached'));
          else if (errorCode(failure) === 'NOT_FOUND') fail({}, t('form.apartmentGone'));
          else fail({}, t('form.notSent', { reason: errorText(failure) }));
        },
      },
    );
  }

  const busy = phase !== 'editing';

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      {formError && (
        <Notice ref={ref('form')} tone="destructive" ring>
          {formError}
        </Notice>
      )}

      {apartments.length > 1 ? (
        <FormField label={t('form.apartment')} error={errors.apartment}>
          <OptionsSelect
            ref={ref('apartment')}
            value={apartmentId}
            onChange={(value) => {
              setApartmentId(value);
              clearError('apartment');
            }}
            options={apartments.map((a) => ({ value: a.id, label: a.label }))}
            placeholder={t('form.chooseApartment')}
            disabled={busy}
          />
        </FormField>
      ) : (
        <div className="grid gap-1 text-sm">
          <p className="font-medium">{t('form.apartment')}</p>
          <p>{apartments[0]!.label}</p>
        </div>
      )}

      <FormField label={t('form.title')} description={t('form.titleHint')} error={errors.title}>
        <Input
          ref={ref('title')}
          name="title"
          required
          maxLength={MAX_TITLE}
          autoComplete="off"
          enterKeyHint="next"
          value={title}
          disabled={busy}
          onChange={(event) => {
            setTitle(event.target.value);
            clearError('title');
          }}
        />
      </FormField>

      <FormField
        label={t('form.whatIsWrong')}
        description={t('form.whatHint')}
        error={errors.description}
      >
        <Textarea
          ref={ref('description')}
          name="description"
          required
          rows={5}
          maxLength={MAX_DESCRIPTION}
          value={description}
          disabled={busy}
          onChange={(event) => {
            setDescription(event.target.value);
            clearError('description');
          }}
        />
      </FormField>

      <PhotoPicker uploads={uploads} fileRef={fileRef} disabled={busy} removeDisabled={phase === 'sending'} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link
          href="/portal/requests"
          className={cn(buttonVariants({ variant: 'ghost', size: 'lg' }), 'w-full sm:w-auto')}
        >
          {t('form.cancel')}
        </Link>
        <Button type="submit" size="lg" aria-disabled={busy} className="w-full aria-disabled:opacity-60 sm:w-auto">
          {busy ? <LoaderCircleIcon className="motion-safe:animate-spin" aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
          {phase === 'waiting-for-photos' ? t('form.uploadingPhotos') : phase === 'sending' ? t('form.sending') : t('form.send')}
        </Button>
      </div>
    </form>
  );
}
