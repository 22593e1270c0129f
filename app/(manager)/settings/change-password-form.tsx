'use client';

import { useMutation } from '@tanstack/react-query';
import { CircleCheckIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { Translate } from '@/app/portal/translate';
import { useTRPC } from '@/lib/trpc/react';
import { describeError, errorCode, fieldErrorText, fieldErrors } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';

/** The server's rule (MIN_PASSWORD_LENGTH in server/auth/password.ts); checked here first to save a round trip. */
const MIN_PASSWORD_LENGTH = 10;

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** `t`: namespace Settings. */
function validate(values: Values, t: Translate): Errors {
  const errors: Errors = {};
  if (!values.currentPassword) errors.currentPassword = t('password.currentMissing');
  if (!values.newPassword) errors.newPassword = t('password.newMissing');
  else if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = t('password.tooShort', { min: MIN_PASSWORD_LENGTH });
  if (!values.confirmPassword) errors.confirmPassword = t('password.confirmMissing');
  else if (values.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = t('password.mismatch');
  return errors;
}

/** Current, new and repeated password; on success every other session of the user ends (the server does that). */
export function ChangePasswordForm({ email }: { email: string }) {
  const words = useErrorWords();
  const t = useTranslations('Settings');
  const trpc = useTRPC();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };
  // After a failed attempt, the first invalid field takes the focus once its error is rendered.
  const focusAfterRender = useRef<Field | null>(null);
  useEffect(() => {
    const field = focusAfterRender.current;
    if (!field) return;
    focusAfterRender.current = null;
    refs[field].current?.focus();
  });

  const mutation = useMutation(trpc.account.changePassword.mutationOptions());

  function fail(found: Errors, message: string | null = null) {
    setErrors(found);
    setFormError(message);
    focusAfterRender.current = FIELDS.find((field) => found[field]) ?? null;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setChanged(false);
    const found = validate(values, t);
    if (Object.keys(found).length > 0) return fail(found);
    setErrors({});
    setFormError(null);
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setChanged(true);
        },
        onError: (error) => {
          const code = errorCode(error);
          if (code === 'FORBIDDEN') return fail({ currentPassword: t('password.currentWrong') });
          if (code !== 'UNPROCESSABLE_CONTENT') return fail({}, describeError(error, words));
          const found: Errors = {};
          const other: string[] = [];
          for (const fieldError of fieldErrors(error)) {
            const { path } = fieldError;
            if (path === 'currentPassword' || path === 'newPassword') found[path] ??= fieldErrorText(fieldError, words);
            else other.push(fieldErrorText(fieldError, words));
          }
          const hasFieldErrors = Object.keys(found).length > 0;
          fail(found, other.length > 0 ? other.join(' ') : hasFieldErrors ? null : describeError(error, words));
        },
      },
    );
  }

  function field(name: Field) {
    return {
      ref: refs[name],
      name,
      type: 'password',
      required: true,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((previous) => ({ ...previous, [name]: value }));
        // A corrected field drops its error; the others keep theirs until the next attempt.
        if (errors[name]) setErrors((previous) => ({ ...previous, [name]: undefined }));
      },
    };
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-5">
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />

      {/* Hidden while a request runs, so a repeated message is announced again when it returns. */}
      {!mutation.isPending && formError && <ErrorAlert>{formError}</ErrorAlert>}
      {!mutation.isPending && changed && (
        <Alert variant="success" role="status">
          <CircleCheckIcon aria-hidden="true" />
          <p>{t('password.changed')}</p>
        </Alert>
      )}

      <FormField label={t('password.current')} error={errors.currentPassword}>
        <Input {...field('currentPassword')} autoComplete="current-password" />
      </FormField>
      <FormField
        label={t('password.new')}
        description={t('password.newHint', { min: MIN_PASSWORD_LENGTH })}
        error={errors.newPassword}
      >
        <Input {...field('newPassword')} autoComplete="new-password" />
      </FormField>
      <FormField label={t('password.confirm')} error={errors.confirmPassword}>
        <Input {...field('confirmPassword')} autoComplete="new-password" />
      </FormField>

      <div>
        {/* aria-disabled rather than disabled: a disabled button would drop the keyboard focus. */}
        <Button type="submit" aria-disabled={mutation.isPending} className="w-full aria-disabled:opacity-60 sm:w-auto">
          {mutation.isPending ? t('password.changing') : t('password.title')}
        </Button>
      </div>
    </form>
  );
}
