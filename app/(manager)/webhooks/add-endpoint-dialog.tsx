'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { type DialogState, FormDialog } from '@/components/ui/form-dialog';
import { useTRPC } from '@/lib/trpc/react';
import { EndpointForm, type EndpointValues } from './endpoint-form';
import type { WebhookEndpoint } from './types';

const EMPTY: EndpointValues = { url: '', description: null, events: [] };

/** URL, description and events of a new endpoint; its signing secret comes back this once. */
export function AddEndpointDialog({
  onAdded,
  focusAfterAdded,
  ...dialog
}: DialogState & {
  onAdded: (endpoint: WebhookEndpoint & { secret: string }) => void;
  /** The secret on the page, once it is there. */
  focusAfterAdded: () => HTMLElement | null;
}) {
  const t = useTranslations('Webhooks');
  return (
    <FormDialog
      {...dialog}
      title={t('add.title')}
      description={t('add.description')}
      className="max-w-2xl"
      focusAfterDone={focusAfterAdded}
    >
      {({ finishWith, setBusy }) => <AddEndpointForm onBusyChange={setBusy} onAdded={finishWith(onAdded)} />}
    </FormDialog>
  );
}

function AddEndpointForm({ onBusyChange, onAdded }: { onBusyChange: (busy: boolean) => void; onAdded: (endpoint: WebhookEndpoint & { secret: string }) => void }) {
  const t = useTranslations('Webhooks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.webhooks.create.mutationOptions());

  function submit(values: EndpointValues, fail: (error: unknown) => void) {
    onBusyChange(true);
    create.mutate(values, {
      onSettled: () => onBusyChange(false),
      onSuccess: ({ data }) => {
        void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
        onAdded(data);
      },
      onError: fail,
    });
  }

  return (
    <EndpointForm
      initial={EMPTY}
      submitLabel={t('addEndpoint')}
      pendingLabel={t('add.pending')}
      // Added: the dialog is closing; the button stays busy rather than inviting a second endpoint.
      pending={create.isPending || create.isSuccess}
      failureMessage={t('add.failed')}
      onSubmit={submit}
    />
  );
}
