'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CheckedForm } from '@/components/ui/checked-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import { checkWithSchema } from '@/lib/schema-check';
import { formFailure } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { InviteTeamMemberInput } from '@/server/api/schemas/team';
import { TEAM_ROLES, type TeamRole } from './team-roles';

const FIELDS = ['email', 'role'] as const;

/** An admin invites a person by email to the team, as a manager or an admin. */
export function InviteMemberForm({ onInvited }: { onInvited: (message: string) => void }) {
  const words = useErrorWords();
  const t = useTranslations('Settings');
  const fieldT = useTranslations('FieldErrors');
  const trpc = useTRPC();
  const invite = useMutation(trpc.team.invite.mutationOptions());
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('manager');
  const { errors, formError, fail, clear, ref, bind } = useFieldErrors(FIELDS);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    // The server's own schema; any issue it finds is with the address (the role comes from the list).
    const checked = checkWithSchema(InviteTeamMemberInput, { email: email.trim(), role }, fieldT);
    if (checked.errors) return fail({ email: t('inviteForm.emailInvalid') });
    clear();
    invite.mutate(
      checked.data,
      {
        onSuccess: ({ data }) => {
          setEmail('');
          onInvited(t('inviteForm.invited', { email: data.email }));
        },
        onError: (error) => {
          const failure = formFailure(error, t('inviteForm.failed'), FIELDS, words);
          fail(failure.errors, failure.formError);
        },
      },
    );
  }

  return (
    <CheckedForm onSubmit={submit} formError={!invite.isPending && formError} errorRef={ref('form')} className="gap-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
        <FormField label={t('inviteForm.email')} error={errors.email}>
          <Input {...bind('email', email, setEmail)} type="email" autoComplete="off" maxLength={320} />
        </FormField>
        <FormField label={t('inviteForm.role')} error={errors.role}>
          <OptionsSelect ref={ref('role')} value={role} onChange={(value) => setRole(value as TeamRole)} options={TEAM_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        </FormField>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? t('inviteForm.inviting') : t('inviteForm.submit')}
        </Button>
      </div>
    </CheckedForm>
  );
}
