'use client';

import { CircleAlertIcon, MailCheckIcon } from 'lucide-react';
import { useActionState, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

export type SignInFormProps = {
  onPasswordSignIn(formData: FormData): Promise<{ error?: string }>;
  onMagicLink(formData: FormData): Promise<{ error?: string; sent?: boolean }>;
};

type FormState = { error?: string; sent?: boolean };

/** One form, two submit buttons: the pressed button's `intent` picks the action. */
export function SignInForm({ onPasswordSignIn, onMagicLink }: SignInFormProps) {
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
          <p>{state.error}</p>
        </Alert>
      )}
      {!pending && state.sent && (
        <Alert variant="success" role="status">
          <MailCheckIcon aria-hidden="true" />
          <p>
            Check your inbox. If an account exists for <strong>{email}</strong>, we have sent a sign-in link. It works
            once and expires in 15 minutes.
          </p>
        </Alert>
      )}

      <FormField label="Email">
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
      <FormField label="Password">
        <Input name="password" type="password" autoComplete="current-password" required />
      </FormField>

      <Button type="submit" name="intent" value="password" size="lg" disabled={pending}>
        Sign in
      </Button>

      <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>

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
          Email me a sign-in link
        </Button>
        <p id="magic-link-hint" className="text-center text-sm text-muted-foreground">
          No password needed: we email you a link that signs you in once.
        </p>
      </div>
    </form>
  );
}
