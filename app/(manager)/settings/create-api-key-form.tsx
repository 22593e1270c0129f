'use client';

import { useMutation } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckedForm } from '@/components/ui/checked-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { describeError, fieldErrorText, fieldErrors } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { checkKeyName } from './api-key-name';

export type CreatedKey = { id: string; name: string; key: string };

const FIELDS = ['name'] as const;

/** Creates a key by its name; the key itself is handed to `onCreated`, to be shown once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (key: CreatedKey) => void }) {
  const words = useErrorWords();
  const t = useTranslations('Settings');
  const fieldT = useTranslations('FieldErrors');
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const { errors, formError, fail, clear, ref, bind } = useFieldErrors(FIELDS);
  const create = useMutation(trpc.apiKeys.create.mutationOptions());

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const checked = checkKeyName(name, t, fieldT);
    if (checked.error !== undefined) return fail({ name: checked.error });
    clear();
    create.mutate(
      { name: checked.name },
      {
        onSuccess: ({ data }) => {
          setName('');
          onCreated({ id: data.id, name: data.name, key: data.key });
        },
        onError: (failure) => {
          const nameError = fieldErrors(failure).find((e) => e.path === 'name');
          if (nameError) fail({ name: fieldErrorText(nameError, words) });
          else fail({}, t('apiKeys.createFailed', { reason: describeError(failure, words) }));
        },
      },
    );
  }

  return (
    <CheckedForm onSubmit={onSubmit} formError={!create.isPending && formError} errorRef={ref('form')} className="gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormField
          label={t('apiKeys.name')}
          description={t('apiKeys.nameHint')}
          error={errors.name}
          className="min-w-0 flex-1 sm:max-w-md"
        >
          <Input {...bind('name', name, setName)} required autoComplete="off" />
        </FormField>
        {/* Lined up with the input: the label above it is 14px high plus an 8px gap. */}
        <Button
          type="submit"
          aria-disabled={create.isPending}
          className="w-full aria-disabled:opacity-60 sm:mt-[22px] sm:h-11 sm:w-auto"
        >
          <PlusIcon aria-hidden="true" />
          {create.isPending ? t('apiKeys.creating') : t('apiKeys.create')}
        </Button>
      </div>
    </CheckedForm>
  );
}
