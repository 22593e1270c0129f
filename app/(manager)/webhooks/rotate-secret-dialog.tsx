'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { describeError } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import type { WebhookEndpoint } from './types';

/** How long the previous secret keeps signing after a rotation; sent, so that the text and the server agree. */
const OVERLAP_HOURS = 24;

/** A new signing secret after a confirmation; both sign for a day. Mounted per endpoint. */
export function RotateSecretDialog({
  endpoint,
  open,
  onOpenChange,
  onRotated,
  returnFocus,
  focusAfterRotated,
}: {
  endpoint: WebhookEndpoint;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The new secret, to be shown this once. */
  onRotated: (endpoint: WebhookEndpoint & { secret: string }) => void;
  returnFocus: () => HTMLElement | null;
  focusAfterRotated: () => HTMLElement | null;
}) {
  const words = useErrorWords();
  const t = useTranslations('Webhooks');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions());
  const rotated = useRef(false);

  function confirm() {
    if (rotate.isPending) return;
    rotate.mutate(
      { id: endpoint.id, overlapHours: OVERLAP_HOURS },
      {
        onSuccess: ({ data }) => {
          rotated.current = true;
          void queryClient.invalidateQueries(trpc.webhooks.list.pathFilter());
          onRotated(data);
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('rotate.title')}
      description={t.rich('rotate.description', {
        url: endpoint.url,
        hours: OVERLAP_HOURS,
        u: (chunks) => <span className="font-medium wrap-anywhere text-foreground">{chunks}</span>,
      })}
      keepLabel={t('rotate.cancel')}
      confirmLabel={t('rotate.confirm')}
      pendingLabel={t('rotate.pending')}
      pending={rotate.isPending}
      error={rotate.isError ? t('rotate.failed', { reason: describeError(rotate.error, words) }) : null}
      onConfirm={confirm}
      returnFocus={() => (rotated.current ? focusAfterRotated() : returnFocus())}
      destructive={false}
    />
  );
}
