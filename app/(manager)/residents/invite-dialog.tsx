'use client';

import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { CheckedForm } from '@/components/ui/checked-form';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { OptionsSelect } from '@/components/ui/options-select';
import { ROLE_LABELS, type ResidentRole } from '@/lib/format';
import { checkWithSchema } from '@/lib/schema-check';
import { asSentence, describeError, errorCode, fieldErrors } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { InviteResidentInput } from '@/server/api/schemas/residents';
import { apartmentLabel, useApartmentChoices, type Building } from './apartment-directory';

/** The address checked as the server checks it, so that the form and the API agree on what an email is. */
const InviteEmail = InviteResidentInput.pick({ email: true });

export type SentInvitation = { email: string; label: string };

type Field = 'building' | 'apartment' | 'email';

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
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite a resident"
      description="They get an email with a link to join, valid for 7 days. Once they accept, they see the apartment in the resident portal."
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
  const trpc = useTRPC();
  const invite = useMutation(trpc.residents.invite.mutationOptions());
  const [buildingId, setBuildingId] = useState(initialBuildingId ?? (buildings.length === 1 ? buildings[0]!.id : ''));
  const [apartmentId, setApartmentId] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ResidentRole>('owner');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const buildingRef = useRef<HTMLButtonElement>(null);
  const apartmentRef = useRef<HTMLButtonElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const roleName = useId();

  const choices = useApartmentChoices(buildingId);

  function focusField(field: Field) {
    ({ building: buildingRef, apartment: apartmentRef, email: emailRef })[field].current?.focus();
  }

  function clearError(field: Field) {
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setFormError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (invite.isPending) return;
    setFormError(null);
    const trimmed = email.trim();
    const found: Partial<Record<Field, string>> = {};
    if (!buildingId) found.building = 'Choose a building.';
    if (!apartmentId) found.apartment = buildingId ? 'Choose an apartment.' : 'Choose a building first, then the apartment.';
    if (!trimmed) found.email = 'Enter the email address of the person you invite.';
    else if (checkWithSchema(InviteEmail, { email: trimmed }).errors) found.email = 'Enter an email address such as name@example.com.';
    setErrors(found);
    const first = (['building', 'apartment', 'email'] as const).find((f) => found[f]);
    if (first) {
      focusField(first);
      return;
    }

    const building = buildings.find((b) => b.id === buildingId);
    const apartment = choices.apartments.find((a) => a.id === apartmentId);
    invite.mutate(
      { email: trimmed, apartmentId, role },
      {
        onSuccess: ({ data }) => onSent({ email: data.email, label: apartmentLabel(building?.name, apartment?.number) }),
        onError: (failure) => {
          const code = errorCode(failure);
          const emailError = fieldErrors(failure).find((e) => e.path === 'email');
          if (code === 'CONFLICT') {
            setFormError('An invitation for this email and apartment is already pending.');
          } else if (emailError || code === 'BAD_REQUEST') {
            setErrors({ email: emailError ? asSentence(emailError.message) : 'Enter a valid email address.' });
            focusField('email');
          } else if (code === 'NOT_FOUND') {
            setFormError('This apartment does not exist any more. Choose another one.');
            setApartmentId('');
            void choices.query.refetch();
          } else {
            setFormError(`The invitation could not be sent. ${describeError(failure)}`);
          }
        },
      },
    );
  }


  return (
    <CheckedForm onSubmit={onSubmit} formError={!invite.isPending && formError}>
      <FormField label="Building" error={errors.building}>
        <OptionsSelect
          ref={buildingRef}
          value={buildingId}
          placeholder={buildings.length ? 'Choose a building' : 'No buildings yet'}
          options={buildings.map((b) => ({ value: b.id, label: b.name }))}
          onChange={(value) => {
            setBuildingId(value);
            setApartmentId('');
            clearError('building');
          }}
        />
      </FormField>

      <FormField
        label="Apartment"
        error={errors.apartment}
        description={choices.loadError}
      >
        <OptionsSelect
          ref={apartmentRef}
          value={apartmentId}
          placeholder={choices.placeholder}
          disabled={!buildingId || choices.apartments.length === 0}
          options={choices.options}
          onChange={(value) => {
            setApartmentId(value);
            clearError('apartment');
          }}
        />
      </FormField>

      <FormField label="Email" error={errors.email}>
        <Input
          ref={emailRef}
          type="email"
          name="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          maxLength={320}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errors.email) clearError('email');
            else setFormError(null);
          }}
        />
      </FormField>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Role</legend>
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
              {ROLE_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>

      <DialogActions label="Send invitation" pendingLabel="Sending…" pending={invite.isPending} />
    </CheckedForm>
  );
}
