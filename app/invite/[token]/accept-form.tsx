'use client';

import { CircleAlertIcon } from 'lucide-react';
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
      <FormField label="Email" description="The invitation was sent to this address.">
        <Input value={email} readOnly autoComplete="email" />
      </FormField>
      {!hasAccount && (
        <FormField label="Your name" error={state.fieldErrors?.name}>
          <Input name="name" autoComplete="name" required />
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
    </form>
  );
}
