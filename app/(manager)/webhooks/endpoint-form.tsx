'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { CheckedForm } from '@/components/ui/checked-form';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import type { Translate } from '@/app/portal/translate';
import { checkWithSchema } from '@/lib/schema-check';
import { formFailure } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { CreateWebhookInput, MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_URL } from '@/server/api/schemas/webhooks';
import { EventPicker } from './event-picker';

type Field = 'url' | 'description' | 'events';
const FIELDS: readonly Field[] = ['url', 'description', 'events'];

/** The server's path of a refused value → the field that shows it ("events.2" is the events picker's). */
function fieldOf(path: string): Field | undefined {
  if (path === 'url' || path === 'description') return path;
  return /^events(\b|$)/.test(path) ? 'events' : undefined;
}

export type EndpointValues = { url: string; description: string | null; events: string[] };

function checkUrl(url: string, t: Translate): string | null {
  if (!url) return t('form.urlMissing');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return t('form.urlInvalid');
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? null : t('form.urlScheme');
}

/** URL, description and events of an endpoint, checked here first and then by the server (its 422 next to the fields). */
export function EndpointForm({
  initial,
  submitLabel,
  pendingLabel,
  pending,
  failureMessage,
  onSubmit,
}: {
  initial: EndpointValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The start of the form's message when the server refuses: "The endpoint could not be added." */
  failureMessage: string;
  /** Sends the values; `fail` shows the server's refusal. */
  onSubmit: (values: EndpointValues, fail: (error: unknown) => void) => void;
}) {
  const words = useErrorWords();
  const t = useTranslations('Webhooks');
  const fieldT = useTranslations('FieldErrors');
  const [url, setUrl] = useState(initial.url);
  const [description, setDescription] = useState(initial.description ?? '');
  const [events, setEvents] = useState<string[]>(initial.events);
  const { errors, formError, fail, clear, clearError, ref, bind } = useFieldErrors(FIELDS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const values: EndpointValues = { url: url.trim(), description: description.trim() || null, events };
    // The server's own schema (the lengths, the number of events), then what it checks beyond it.
    const { errors: refused } = checkWithSchema(CreateWebhookInput, values, fieldT);
    const found: Partial<Record<Field, string>> = {};
    for (const [path, message] of Object.entries(refused ?? {})) {
      const field = fieldOf(path);
      if (field) found[field] ??= message;
    }
    const urlProblem = checkUrl(values.url, t);
    if (urlProblem) found.url = urlProblem;
    if (events.length === 0) found.events = t('form.eventsMissing');
    if (Object.keys(found).length) return fail(found);
    clear();
    onSubmit(values, (error) => {
      const failure = formFailure(error, failureMessage, fieldOf, words, ' ');
      fail(failure.errors, failure.formError);
    });
  }

  return (
    <CheckedForm onSubmit={submit} formError={!pending && formError} errorRef={ref('form')}>
      <FormField label={t('form.url')} description={t('form.urlHint')} error={errors.url}>
        <Input {...bind('url', url, setUrl)} type="url" inputMode="url" autoComplete="off" spellCheck={false} maxLength={MAX_WEBHOOK_URL} />
      </FormField>
      <FormField label={t('form.description')} description={t('form.descriptionHint')} error={errors.description}>
        <Input {...bind('description', description, setDescription)} autoComplete="off" maxLength={MAX_WEBHOOK_DESCRIPTION} />
      </FormField>
      <EventPicker
        selected={events}
        error={errors.events}
        focusRef={ref('events')}
        onChange={(next) => {
          setEvents(next);
          clearError('events');
        }}
      />
      <DialogActions label={submitLabel} pendingLabel={pendingLabel} pending={pending} />
    </CheckedForm>
  );
}
