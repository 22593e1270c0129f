'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { describeError, errorCode } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import type { WebhookEndpoint } from './types';

/** Deletes an endpoint after a confirmation; its waiting deliveries are never sent. Mounted per endpoint. */
export function DeleteEndpointDialog({
  endpoint,
  open,
  onOpenChange,
  onDeleted,
  returnFocus,
  focusAfterDeleted,
}: {
  endpoint: WebhookEndpoint;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: (message: string) => void;
  returnFocus: () => HTMLElement | null;
  /** Where the focus goes once the endpoint (and its actions button) is gone. */
  focusAfterDeleted: () => HTMLElement | null;
}) {
  const words = useErrorWords();
  const t = useTranslations('Webhooks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(trpc.webhooks.delete.mutationOptions());
  const deleted = useRef(false);

  function confirm() {
    if (remove.isPending) return;
    const done = (message: string) => {
      deleted.current = true;
      void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
      onDeleted(message);
      onOpenChange(false);
    };
    remove.mutate(
      { id: endpoint.id },
      {
        onSuccess: () => done(t('delete.deleted', { url: endpoint.url })),
        onError: (failure) => {
          // Deleted meanwhile (another tab, the REST API): the outcome is the one asked for.
          if (errorCode(failure) === 'NOT_FOUND') done(t('delete.alreadyDeleted', { url: endpoint.url }));
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      description={t.rich('delete.description', { url: endpoint.url, u: (chunks) => <span className="font-medium wrap-anywhere text-foreground">{chunks}</span> })}
      keepLabel={t('delete.keep')}
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.pending')}
      pending={remove.isPending}
      error={remove.isError && errorCode(remove.error) !== 'NOT_FOUND' ? t('delete.failed', { reason: describeError(remove.error, words) }) : null}
      onConfirm={confirm}
      returnFocus={() => (deleted.current ? focusAfterDeleted() : returnFocus())}
    />
  );
}
