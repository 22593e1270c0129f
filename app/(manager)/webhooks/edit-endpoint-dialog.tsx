'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { type DialogState, FormDialog } from '@/components/ui/form-dialog';
import { useTRPC } from '@/lib/trpc/react';
import { EndpointForm, type EndpointValues } from './endpoint-form';
import type { WebhookEndpoint } from './types';

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((event) => b.includes(event));

/** Changes an endpoint's URL, description or events; only what changed is sent. Mounted per endpoint. */
export function EditEndpointDialog({
  endpoint,
  onSaved,
  focusAfterSaved,
  ...dialog
}: DialogState & {
  endpoint: WebhookEndpoint;
  onSaved: (message: string) => void;
  /** The confirmation on the page, once it is there. */
  focusAfterSaved: () => HTMLElement | null;
}) {
  const t = useTranslations('Webhooks');
  return (
    <FormDialog
      {...dialog}
      title={t('edit.title')}
      description={t('edit.description')}
      className="max-w-2xl"
      focusAfterDone={focusAfterSaved}
    >
      {({ finishWith, setBusy }) => <EditEndpointForm endpoint={endpoint} onBusyChange={setBusy} onUnchanged={() => dialog.onOpenChange(false)} onSaved={finishWith(onSaved)} />}
    </FormDialog>
  );
}

function EditEndpointForm({
  endpoint,
  onBusyChange,
  onUnchanged,
  onSaved,
}: {
  endpoint: WebhookEndpoint;
  onBusyChange: (busy: boolean) => void;
  onUnchanged: () => void;
  onSaved: (message: string) => void;
}) {
  const t = useTranslations('Webhooks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.webhooks.update.mutationOptions());

  function submit(values: EndpointValues, fail: (error: unknown) => void) {
    const changes = {
      ...(values.url !== endpoint.url ? { url: values.url } : {}),
      ...(values.description !== endpoint.description ? { description: values.description } : {}),
      ...(!sameEvents(values.events, endpoint.events) ? { events: values.events } : {}),
    };
    if (Object.keys(changes).length === 0) return onUnchanged();
    onBusyChange(true);
    update.mutate(
      { id: endpoint.id, ...changes },
      {
        onSettled: () => onBusyChange(false),
        onSuccess: ({ data }) => {
          void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
          onSaved(t('edit.saved', { url: data.url }));
        },
        onError: fail,
      },
    );
  }

  return (
    <EndpointForm
      initial={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
      submitLabel={t('edit.save')}
      pendingLabel={t('edit.pending')}
      pending={update.isPending}
      failureMessage={t('edit.failed')}
      onSubmit={submit}
    />
  );
}
