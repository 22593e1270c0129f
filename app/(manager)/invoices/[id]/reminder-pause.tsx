'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DialogActions } from '@/components/ui/dialog-actions';
import { FormDialog } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { LIST_LIMIT } from '../../residents/apartment-directory';
import type { Invoice } from '../types';

/** Whether the apartment's reminders are paused (an agreed payment plan), with a way to pause or resume them. */
export function ReminderPause({ invoice }: { invoice: Invoice }) {
  const words = useErrorWords();
  const t = useTranslations('Invoice');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const apartments = useQuery(trpc.buildings.listApartments.queryOptions({ id: invoice.buildingId, limit: LIST_LIMIT }));
  const apartment = apartments.data?.data.find((a) => a.id === invoice.apartmentId);
  const update = useMutation(trpc.buildings.updateApartment.mutationOptions());
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!apartment) return null;

  const save = (remindersPaused: boolean, remindersNote: string | null, then?: { done: () => void; settled: () => void }) => {
    setError(null);
    update.mutate(
      { id: invoice.buildingId, aptId: apartment.id, remindersPaused, remindersNote },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries(trpc.buildings.listApartments.pathFilter());
          then?.done();
        },
        onError: (e) => setError(describeError(e, words)),
        onSettled: () => then?.settled(),
      },
    );
  };

  return (
    <div className="grid gap-2 rounded-lg border bg-card p-4 text-sm">
      {apartment.remindersPaused ? (
        <p>
          <span className="font-medium">{t('pause.paused')}</span>
          {apartment.remindersNote ? ` ${apartment.remindersNote}` : ''}
        </p>
      ) : (
        <p className="text-muted-foreground">{t('pause.followSchedule')}</p>
      )}
      <div>
        {apartment.remindersPaused ? (
          <Button variant="outline" size="sm" aria-disabled={update.isPending} onClick={() => !update.isPending && save(false, null)}>
            {t('pause.resume')}
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            {t('pause.pauseEllipsis')}
          </Button>
        )}
      </div>
      {error && <Notice tone="destructive">{error}</Notice>}
      <FormDialog open={open} onOpenChange={setOpen} title={t('pause.pause')} description={t('pause.description')}>
        {({ finish, setBusy }) => (
          <PauseForm
            pending={update.isPending}
            onSubmit={(note) => {
              setBusy(true);
              save(true, note, { settled: () => setBusy(false), done: finish });
            }}
          />
        )}
      </FormDialog>
    </div>
  );
}

function PauseForm({ pending, onSubmit }: { pending: boolean; onSubmit: (note: string | null) => void }) {
  const t = useTranslations('Invoice');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) onSubmit(note.trim() || null);
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <FormField label={t('pause.note')} description={t('pause.noteHint')}>
        <Input name="note" maxLength={500} autoComplete="off" value={note} onChange={(event) => setNote(event.target.value)} />
      </FormField>
      <DialogActions label={t('pause.pause')} pendingLabel={t('pause.pausing')} pending={pending} />
    </form>
  );
}
