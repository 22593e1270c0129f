'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { CheckedForm } from '@/components/ui/checked-form';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFieldErrors } from '@/components/ui/use-field-errors';
import type { ResidentRole } from '@/lib/format';
import { issuesByPath } from '@/lib/schema-check';
import { describeError, errorCode, fieldErrorText, fieldErrors } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { InviteResidentInput } from '@/server/api/schemas/residents';
import { useApartmentLabel, type Building } from './apartment-directory';
import { BuildingApartmentFields, useBuildingApartmentPicker } from './building-apartment-fields';

/** The address checked as the server checks it, so that the form and the API agree on what an email is. */
const InviteEmail = InviteResidentInput.pick({ email: true });

export type SentInvitation = { email: string; label: string };

const FIELDS = ['building', 'apartment', 'email'] as const;
type Field = (typeof FIELDS)[number];

export function InviteDialog({
  open,
  onOpenChange,
  buildings,
  initialBuildingId,
  onSent,
  returnFocus,
  focusAfterSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  buildings: Building[];
  /** The building the page is filtered by, if any: most invitations go to the building in view. */
  initialBuildingId?: string;
  onSent: (sent: SentInvitation) => void;
  returnFocus: () => HTMLElement | null;
  /** The confirmation on the page, once it is there. */
  focusAfterSent: () => HTMLElement | null;
}) {
  const t = useTranslations('InviteDialog');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description')}
      // Sent: to the confirmation on the page, so it is read out. Cancelled: back to the button.
      returnFocus={returnFocus}
      focusAfterDone={focusAfterSent}
    >
      {({ finishWith }) => <InviteForm buildings={buildings} initialBuildingId={initialBuildingId} onSent={finishWith(onSent)} />}
    </FormDialog>
  );
}

function InviteForm({
  buildings,
  initialBuildingId,
  onSent,
}: {
  buildings: Building[];
  initialBuildingId?: string;
  onSent: (sent: SentInvitation) => void;
}) {
  const words = useErrorWords();
  const t = useTranslations('InviteDialog');
  const residents = useTranslations('Residents');
  const apartmentLabel = useApartmentLabel();
  const trpc = useTRPC();
  const invite = useMutation(trpc.residents.invite.mutationOptions());
  const picker = useBuildingApartmentPicker(buildings, initialBuildingId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ResidentRole>('owner');
  const { errors, formError, fail, clear, clearError, ref, bind } = useFieldErrors(FIELDS);
  const roleName = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    const trimmed = email.trim();
    const found: Partial<Record<Field, string>> = picker.missing();
    if (!trimmed) found.email = t('emailMissing');
    else if (issuesByPath(InviteEmail, { email: trimmed }).issues) found.email = t('emailInvalid');
    if (Object.keys(found).length) return fail(found);
    clear();

    const building = buildings.find((b) => b.id === picker.buildingId);
    const apartment = picker.choices.apartments.find((a) => a.id === picker.apartmentId);
    invite.mutate(
      { email: trimmed, apartmentId: picker.apartmentId, role },
      {
        onSuccess: ({ data }) => onSent({ email: data.email, label: apartmentLabel(building?.name, apartment?.number) }),
        onError: (failure) => {
          const code = errorCode(failure);
          const emailError = fieldErrors(failure).find((e) => e.path === 'email');
          // The reason, worded from the catalogue: an invitation for this email and apartment is pending already.
          if (code === 'CONFLICT') fail({}, describeError(failure, words));
          else if (emailError || code === 'BAD_REQUEST') fail({ email: emailError ? fieldErrorText(emailError, words) : t('emailBad') });
          else if (code === 'NOT_FOUND') {
            fail({}, t('apartmentGone'));
            picker.setApartmentId('');
            void picker.choices.query.refetch();
          } else fail({}, `${t('failed')} ${describeError(failure, words)}`);
        },
      },
    );
  }

  return (
    <CheckedForm onSubmit={onSubmit} formError={!invite.isPending && formError} errorRef={ref('form')}>
      <BuildingApartmentFields {...picker.fieldProps({ errors, ref, clearError })} />
      <FormField label={t('email')} error={errors.email}>
        <Input {...bind('email', email, setEmail)} type="email" inputMode="email" autoComplete="off" spellCheck={false} maxLength={320} />
      </FormField>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('role')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['owner', 'tenant'] as const).map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-input bg-card px-3 text-sm has-checked:border-primary has-checked:bg-accent has-checked:font-medium has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name={roleName}
                value={value}
                checked={role === value}
                onChange={() => setRole(value)}
                className="size-4 accent-primary focus-visible:outline-none"
              />
              {residents(`roles.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <DialogActions label={t('send')} pendingLabel={t('sending')} pending={invite.isPending} />
    </CheckedForm>
  );
}
