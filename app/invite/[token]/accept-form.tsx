'use client';

import { CircleAlertIcon, MailCheckIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { AcceptState } from './actions';
import { OrDivider } from '@/components/shell/auth-frame';

export function AcceptForm({
  action,
  email,
  hasAccount,
  linkMinutes,
}: {
  action: (prev: AcceptState, formData: FormData) => Promise<AcceptState>;
  email: string;
  hasAccount: boolean;
  linkMinutes: number;
}) {
  const t = useTranslations('InvitePage');
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
          <p>{t.rich('linkSent', { email: state.linkSentTo, minutes: linkMinutes, strong: (chunks) => <strong>{chunks}</strong> })}</p>
        </Alert>
      )}
      <FormField label={t('email')} description={t('emailHint')}>
        <Input value={email} readOnly autoComplete="email" />
      </FormField>
      {!hasAccount && (
        <FormField label={t('name')} error={state.fieldErrors?.name}>
          <Input name="name" autoComplete="name" required defaultValue={state.name} />
        </FormField>
      )}
      <FormField label={hasAccount ? t('yourPassword') : t('choosePassword')} description={hasAccount ? t('confirmPassword') : t('passwordLength')} error={state.fieldErrors?.password}>
        <Input name="password" type="password" autoComplete={hasAccount ? 'current-password' : 'new-password'} required minLength={hasAccount ? undefined : 10} />
      </FormField>
      <Button type="submit" size="lg" disabled={pending}>
        {t('accept')}
      </Button>
      <OrDivider>{t('or')}</OrDivider>
      <div className="grid gap-2">
        {/* No password needed: the server checks only the name, so the browser's checks are skipped. */}
        <Button type="submit" name="intent" value="magic-link" variant="outline" size="lg" formNoValidate disabled={pending} aria-describedby="magic-link-hint">
          {t('magicLink')}
        </Button>
        <p id="magic-link-hint" className="text-sm text-muted-foreground">
          {hasAccount ? t('magicLinkHintAccount') : t('magicLinkHintNew')}
        </p>
      </div>
    </form>
  );
}
