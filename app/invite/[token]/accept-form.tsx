'use client';

import { CircleAlertIcon, MailCheckIcon } from 'lucide-react';
import { useActionState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { AcceptState } from './actions';

export function AcceptForm({ action, email, hasAccount }: { action: (prev: AcceptState, formData: FormData) => Promise<AcceptState>; email: string; hasAccount: boolean }) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="grid gap-5">
      {!pending && state.error && (
        <Alert variant="destructive" role="alert">
          <CircleAlertIcon aria-hidden="true" />
          <p>{state.error}</p>
        </Alert>
      )}
      {!pending && state.linkSentTo && (
        <Alert variant="success" role="status">
          <MailCheckIcon aria-hidden="true" />
          <p>
            Check your email: we sent a link to <strong>{state.linkSentTo}</strong>. Open it within 15 minutes to join and sign in; it works once.
          </p>
        </Alert>
      )}
      <FormField label="Email" description="The invitation was sent to this address.">
        <Input value={email} readOnly autoComplete="email" />
      </FormField>
      {!hasAccount && (
        <FormField label="Your name" error={state.fieldErrors?.name}>
          <Input name="name" autoComplete="name" required defaultValue={state.name} />
        </FormField>
      )}
      <FormField
        label={hasAccount ? 'Your password' : 'Choose a password'}
        description={hasAccount ? 'You already have an account: confirm with its password.' : 'At least 10 characters.'}
        error={state.fieldErrors?.password}
      >
        <Input name="password" type="password" autoComplete={hasAccount ? 'current-password' : 'new-password'} required minLength={hasAccount ? undefined : 10} />
      </FormField>
      <Button type="submit" size="lg" disabled={pending}>
        Accept invitation
      </Button>
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid gap-2">
        {/* No password needed: the server checks only the name, so the browser's checks are skipped. */}
        <Button type="submit" name="intent" value="magic-link" variant="outline" size="lg" formNoValidate disabled={pending} aria-describedby="magic-link-hint">
          Continue with a magic link
        </Button>
        <p id="magic-link-hint" className="text-sm text-muted-foreground">
          {hasAccount
            ? 'No password at hand? We email you a link; opening it accepts the invitation and signs you in.'
            : 'Rather not choose a password? Enter your name and we email you a link; opening it accepts the invitation and signs you in.'}
        </p>
      </div>
    </form>
  );
}
