'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EllipsisVerticalIcon, KeyRoundIcon, PauseIcon, PencilIcon, PlayIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import type { WebhookEndpoint } from './types';

/** The actions that open a dialog of their own. */
export type EndpointDialogKind = 'edit' | 'rotate' | 'delete';

/**
 * An endpoint's actions behind one 44 px button, so they stay in reach on a phone: pause or resume and send
 * a test here at once; edit, rotate the secret and delete through the page's dialogs.
 */
export function EndpointActions({
  endpoint,
  onTestSent,
  onNotice,
  onDialog,
}: {
  endpoint: WebhookEndpoint;
  onTestSent: () => void;
  /** A change to report on the page, or why it failed. */
  onNotice: (text: string, tone?: 'success' | 'destructive') => void;
  onDialog: (kind: EndpointDialogKind) => void;
}) {
  const words = useErrorWords();
  const t = useTranslations('Webhooks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.webhooks.update.mutationOptions());
  const test = useMutation(trpc.webhooks.test.mutationOptions());

  function setActive(active: boolean) {
    if (update.isPending) return;
    update.mutate(
      { id: endpoint.id, active },
      {
        onSuccess: () => onNotice(active ? t('actions.resumed', { url: endpoint.url }) : t('actions.paused', { url: endpoint.url })),
        onError: (error) =>
          onNotice(active ? t('actions.resumeFailed', { reason: describeError(error, words) }) : t('actions.pauseFailed', { reason: describeError(error, words) }), 'destructive'),
        onSettled: () => void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter()),
      },
    );
  }

  function sendTest() {
    if (test.isPending) return;
    test.mutate(
      { id: endpoint.id },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries(trpc.webhooks.deliveries.infiniteQueryFilter({ id: endpoint.id }));
          onTestSent();
          onNotice(endpoint.active ? t('actions.testSent', { url: endpoint.url }) : t('actions.testWaits', { url: endpoint.url }));
        },
        onError: (error) => onNotice(t('actions.testFailed', { reason: describeError(error, words) }), 'destructive'),
      },
    );
  }

  return (
    // Not modal: the dialogs that the items open manage focus and the rest of the page themselves.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" data-endpoint-actions={endpoint.id} aria-label={t('actions.label', { url: endpoint.url })} className="-mt-2 -mr-2 shrink-0">
          <EllipsisVerticalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {endpoint.active ? (
          <DropdownMenuItem className="min-h-11" disabled={update.isPending} onSelect={() => setActive(false)}>
            <PauseIcon aria-hidden="true" />
            {t('actions.pause')}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem className="min-h-11" disabled={update.isPending} onSelect={() => setActive(true)}>
            <PlayIcon aria-hidden="true" />
            {t('actions.resume')}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem className="min-h-11" disabled={test.isPending} onSelect={sendTest}>
          <SendIcon aria-hidden="true" />
          {t('actions.sendTest')}
        </DropdownMenuItem>
        <DropdownMenuItem className="min-h-11" onSelect={() => onDialog('edit')}>
          <PencilIcon aria-hidden="true" />
          {t('actions.edit')}
        </DropdownMenuItem>
        <DropdownMenuItem className="min-h-11" onSelect={() => onDialog('rotate')}>
          <KeyRoundIcon aria-hidden="true" />
          {t('rotate.confirm')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem className="min-h-11 text-destructive data-[highlighted]:text-destructive" onSelect={() => onDialog('delete')}>
          <Trash2Icon aria-hidden="true" />
          {t('actions.delete')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
