'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2Icon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckedForm } from '@/components/ui/checked-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Notice } from '@/components/ui/notice';
import { OptionsSelect } from '@/components/ui/options-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { type Locale, LOCALE_NAMES, LOCALES } from '@/i18n/locales';
import { checkWithSchema } from '@/lib/schema-check';
import { describeError, formFailure } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { UpdateOrganisationInput } from '@/server/api/schemas/organisation';
import { OrganisationLogo } from './organisation-logo';
import { SettingsCard } from './settings-card';

/** The organisation's fields: `key` names the messages Settings.organisation.labels.<key> and, with `hint`, .hints.<key>. */
const FIELDS = [
  { key: 'name', hint: true, autoComplete: 'organization' },
  { key: 'legalName', hint: true, autoComplete: 'off' },
  { key: 'registrationCode', hint: true, autoComplete: 'off' },
  { key: 'vatNumber', hint: true, autoComplete: 'off' },
  { key: 'address', hint: true, autoComplete: 'street-address' },
  { key: 'email', hint: false, autoComplete: 'email' },
  { key: 'phone', hint: false, autoComplete: 'tel' },
  { key: 'iban', hint: true, autoComplete: 'off' },
] as const;
type Field = (typeof FIELDS)[number]['key'];
const KEYS = FIELDS.map((f) => f.key);
/** The organisation's language settings, saved with its details. */
type Language = { defaultLocale: Locale; allowBrowserLocale: boolean };
/** The fields a refusal can point at. */
const FORM_KEYS = [...KEYS, 'defaultLocale' as const];

/** The organisation's own details, printed on invoices and letters: admins change them, managers see them. */
export function OrganisationSection({ canEdit }: { canEdit: boolean }) {
  const words = useErrorWords();
  const t = useTranslations('Settings');
  const trpc = useTRPC();
  const organisation = useQuery(trpc.organisation.get.queryOptions({}));
  return (
    <SettingsCard icon={Building2Icon} title={t('organisation.title')} description={canEdit ? t('organisation.descriptionAdmin') : t('organisation.descriptionManager')}>
      {organisation.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : organisation.isError ? (
        <LoadError what={t('organisation.loadWhat')} reason={describeError(organisation.error, words)} retry={() => void organisation.refetch()} />
      ) : (
        <div className="grid gap-6">
          <OrganisationLogo logoUploadId={organisation.data.data.logoUploadId} canEdit={canEdit} />
          <OrganisationForm initial={organisation.data.data} canEdit={canEdit} />
        </div>
      )}
    </SettingsCard>
  );
}

function OrganisationForm({ initial, canEdit }: { initial: Record<Field, string | null> & Language; canEdit: boolean }) {
  const words = useErrorWords();
  const fieldT = useTranslations('FieldErrors');
  const t = useTranslations('Settings');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.organisation.update.mutationOptions());
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(KEYS.map((k) => [k, initial[k] ?? ''])) as Record<Field, string>);
  const [language, setLanguage] = useState<Language>({ defaultLocale: initial.defaultLocale, allowBrowserLocale: initial.allowBrowserLocale });
  const [saved, setSaved] = useState(false);
  const { errors, formError, fail, clear, clearError, ref } = useFieldErrors(FORM_KEYS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    setSaved(false);
    if (!values.name.trim()) return fail({ name: t('organisation.nameMissing') });
    // The server's own schema first: a malformed email or an overlong value is shown at its field before sending.
    const checked = checkWithSchema(UpdateOrganisationInput, { ...values, ...language }, fieldT);
    if (checked.errors) return fail(checked.errors);
    clear();
    update.mutate({ ...values, ...language }, {
      onSuccess: ({ data }) => {
        setValues(Object.fromEntries(KEYS.map((k) => [k, data[k] ?? ''])) as Record<Field, string>);
        setLanguage({ defaultLocale: data.defaultLocale, allowBrowserLocale: data.allowBrowserLocale });
        setSaved(true);
        void queryClient.invalidateQueries({ queryKey: trpc.organisation.get.queryKey({}) });
      },
      onError: (error) => {
        const failure = formFailure(error, t('organisation.failed'), FORM_KEYS, words);
        fail(failure.errors, failure.formError);
      },
    });
  }

  return (
    <CheckedForm onSubmit={submit} formError={!update.isPending && formError} errorRef={ref('form')}>
      {saved && (
        <Notice role="status" tone="success">
          {t('organisation.saved')}
        </Notice>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <FormField
            key={f.key}
            label={t(`organisation.labels.${f.key}`)}
            error={errors[f.key]}
            description={f.hint ? t(`organisation.hints.${f.key}`) : undefined}
          >
            <Input
              ref={ref(f.key)}
              name={f.key}
              autoComplete={f.autoComplete}
              type={f.key === 'email' ? 'email' : 'text'}
              readOnly={!canEdit}
              maxLength={f.key === 'address' ? 300 : 200}
              value={values[f.key]}
              onChange={(event) => {
                setValues((v) => ({ ...v, [f.key]: event.target.value }));
                setSaved(false);
                clearError(f.key);
              }}
            />
          </FormField>
        ))}
        <FormField label={t('organisation.labels.defaultLocale')} error={errors.defaultLocale} description={t('organisation.hints.defaultLocale')}>
          <OptionsSelect
            ref={ref('defaultLocale')}
            value={language.defaultLocale}
            disabled={!canEdit}
            onChange={(value) => {
              setLanguage((l) => ({ ...l, defaultLocale: value as Locale }));
              setSaved(false);
              clearError('defaultLocale');
            }}
            options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          />
        </FormField>
        <div className="grid content-start gap-2">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-medium has-disabled:cursor-default has-focus-visible:outline-2 has-focus-visible:outline-ring">
            <input
              type="checkbox"
              name="allowBrowserLocale"
              className="size-5 accent-primary focus-visible:outline-none"
              aria-describedby="organisation-browser-locale-hint"
              checked={language.allowBrowserLocale}
              disabled={!canEdit}
              onChange={(event) => {
                setLanguage((l) => ({ ...l, allowBrowserLocale: event.target.checked }));
                setSaved(false);
              }}
            />
            {t('organisation.labels.allowBrowserLocale')}
          </label>
          <p id="organisation-browser-locale-hint" className="text-sm text-muted-foreground">
            {t('organisation.hints.allowBrowserLocale')}
          </p>
        </div>
      </div>
      {canEdit && (
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('saving') : t('organisation.save')}
          </Button>
        </div>
      )}
    </CheckedForm>
  );
}
