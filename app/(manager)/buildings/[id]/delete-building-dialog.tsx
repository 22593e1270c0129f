'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useTRPC } from '@/lib/trpc/react';
import { describeError, errorCode } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import type { Building } from '../types';

/** Deleting a building takes its apartments and meters with it, so the manager confirms with their password. */
export function DeleteBuildingDialog({ building, children }: { building: Building; children: ReactElement }) {
  const t = useTranslations('Building');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('deleteTitle', { name: building.name })}</DialogTitle>
          <DialogDescription>{t('deleteText', { count: building.apartmentCount })}</DialogDescription>
        </DialogHeader>
        <DeleteBuildingForm building={building} onPendingChange={setPending} />
      </DialogContent>
    </Dialog>
  );
}

function DeleteBuildingForm({ building, onPendingChange }: { building: Building; onPendingChange: (pending: boolean) => void }) {
  const words = useErrorWords();
  const t = useTranslations('Building');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const remove = useMutation(trpc.buildings.delete.mutationOptions());
  const busy = remove.isPending || remove.isSuccess;

  useEffect(() => onPendingChange(busy), [busy, onPendingChange]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!password) {
      setError(t('enterPassword'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    remove.mutate(
      { id: building.id, password },
      {
        onSuccess: () => {
          // Stale, not removed: this page still observes it, and a removed query would be fetched again (404) at once.
          void queryClient.invalidateQueries({ ...trpc.buildings.get.queryFilter({ id: building.id }), refetchType: 'none' });
          void queryClient.invalidateQueries(trpc.buildings.list.pathFilter());
          router.push(`/buildings?deleted=${encodeURIComponent(building.name)}`);
        },
        onError: (failure) => {
          const code = errorCode(failure);
          if (code === 'FORBIDDEN') {
            setError(t('wrongPassword'));
            setPassword('');
            inputRef.current?.focus();
          } else if (code === 'CONFLICT') {
            setFormError(`${t('cannotDelete')} ${describeError(failure, words)}`);
          } else {
            setFormError(`${t('deleteFailed')} ${describeError(failure, words)}`);
          }
        },
      },
    );
  }

  // One message, above the field: an alert, so it is announced, and the field's description, so it is read on focus.
  const message = error ?? (remove.isPending ? null : formError);
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      {message && <ErrorAlert id="delete-building-error">{message}</ErrorAlert>}
      <FormField label={t('yourPassword')}>
        <Input
          ref={inputRef}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'delete-building-error' : undefined}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (error) setError(null);
          }}
        />
      </FormField>
      <DialogActions label={t('delete')} pendingLabel={t('deleting')} pending={busy} destructive compact />
    </form>
  );
}
