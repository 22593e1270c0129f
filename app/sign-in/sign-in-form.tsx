'use client';

import { CircleAlertIcon, MailCheckIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useActionState, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { SignInError } from './actions';
import { OrDivider } from '@/components/shell/auth-frame';

export type SignInFormProps = {
  onPasswordSignIn(formData: FormData): Promise<{ error?: SignInError }>;
  onMagicLink(formData: FormData): Promise<{ error?: SignInError; sent?: boolean }>;
  /** How long a sign-in link works, as the notice says. */
  linkMinutes: number;
};

type FormState = { error?: SignInError; sent?: boolean };

/** One form, two submit buttons: the pressed button's `intent` picks the action. */
export function SignInForm({ onPasswordSignIn, onMagicLink, linkMinutes }: SignInFormProps) {
  const t = useTranslations('SignIn');
  // Controlled so the address survives React resetting the form after each submission.
  const [email, setEmail] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const [state, formAction, pending] = useActionState(
    async (_previous: FormState, formData: FormData): Promise<FormState> =>
      formData.get('intent') === 'magic-link' ? onMagicLink(formData) : onPasswordSignIn(formData),
    {},
  );

  return (
    <form action={formAction} className="grid gap-5">
      {/* Hidden while a submission runs, so a repeated message is announced again when it returns. */}
      {!pending && state.error && (
        <Alert variant="destructive" role="alert">
          <CircleAlertIcon aria-hidden="true" />
          <p>{t(`errors.${state.error}`)}</p>
        </Alert>
      )}
      {!pending && state.sent && (
        <Alert variant="success" role="status">
          <MailCheckIcon aria-hidden="true" />
          <p>{t.rich('sent', { email, minutes: linkMinutes, strong: (chunks) => <strong>{chunks}</strong> })}</p>
        </Alert>
      )}

      <FormField label={t('email')}>
        <Input
          ref={emailRef}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </FormField>
      <FormField label={t('password')}>
        <Input name="password" type="password" autoComplete="current-password" required />
      </FormField>

      <Button type="submit" name="intent" value="password" size="lg" disabled={pending}>
        {t('submit')}
      </Button>

      <OrDivider>{t('or')}</OrDivider>

      <div className="grid gap-2">
        <Button
          type="submit"
          name="intent"
          value="magic-link"
          variant="outline"
          size="lg"
          disabled={pending}
          // The link needs only the email: skip the form's validation (the password is required)
          // and check the email field alone.
          formNoValidate
          onClick={(event) => {
            if (emailRef.current && !emailRef.current.reportValidity()) event.preventDefault();
          }}
          aria-describedby="magic-link-hint"
        >
          {t('magicLink')}
        </Button>
        <p id="magic-link-hint" className="text-center text-sm text-muted-foreground">
          {t('magicLinkHint')}
        </p>
      </div>
    </form>
  );
}
