'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatDate, type ResidentRole } from '@/lib/format';
import { describeError, errorCode } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { Section } from './section';

type Invitation = { id: string; email: string; apartmentId: string; role: ResidentRole; expiresAt: string; createdAt: string };

/** Invitations not yet accepted (of the chosen building), each cancellable. */
export function InvitationsSection({
  filterBuildingId,
  buildingOf,
  labelOf,
  onCancelled,
  focusAfterCancel,
}: {
  filterBuildingId?: string;
  buildingOf: (apartmentId: string) => string | undefined;
  labelOf: (apartmentId: string) => string;
  onCancelled: (notice: string) => void;
  focusAfterCancel: () => HTMLElement | null;
}) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('Invitations');
  const residents = useTranslations('Residents');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.residents.listInvitations.queryOptions({ limit: 200 }));
  const cancel = useMutation(
    trpc.residents.cancelInvitation.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.residents.listInvitations.queryKey() }),
    }),
  );
  const [target, setTarget] = useState<Invitation | null>(null);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement | null>(null);
  const done = useRef(false);

  function ask(invitation: Invitation, button: HTMLElement) {
    trigger.current = button;
    done.current = false;
    cancel.reset();
    setTarget(invitation);
    setOpen(true);
  }

  function confirm() {
    if (!target) return;
    const finish = (text: string) => {
      done.current = true;
      setOpen(false);
      onCancelled(text);
    };
    cancel.mutate(
      { id: target.id },
      {
        onSuccess: () => finish(t('cancelled', { email: target.email })),
        onError: (error) => {
          // Accepted, cancelled or expired meanwhile: it is not pending any more either way.
          if (errorCode(error) === 'NOT_FOUND' || errorCode(error) === 'CONFLICT')
            finish(t('notPending', { email: target.email }));
        },
      },
    );
  }

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        {t('loading')}
      </p>
    );
  } else if (query.isError) {
    body = <LoadError what={t('loadFailed')} reason={describeError(query.error, words)} retry={() => void query.refetch()} />;
  } else {
    const invitations: Invitation[] = query.data.data.filter(
      (i) => !filterBuildingId || buildingOf(i.apartmentId) === filterBuildingId,
    );
    if (invitations.length === 0) {
      body = (
        <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          {filterBuildingId ? t('noneForBuilding') : t('none')}
        </p>
      );
    } else {
      const cancelButton = (i: Invitation) => (
        <Button variant="outline" size="sm" className="h-11 sm:h-9" onClick={(event) => ask(i, event.currentTarget)}>
          {t('cancel')}
          <span className="sr-only"> {t('cancelWhat', { email: i.email })}</span>
        </Button>
      );
      const expires = (i: Invitation) => <time dateTime={i.expiresAt}>{formatDate(i.expiresAt, locale)}</time>;
      body = (
        <>
          <ResponsiveList
            items={invitations}
            from="sm"
            listLabel={t('pending')}
            caption={t('caption')}
            columns={[
              { header: t('email'), cellClassName: 'break-all font-medium', cell: (i) => i.email },
              { header: t('apartment'), cellClassName: 'whitespace-nowrap', cell: (i) => labelOf(i.apartmentId) },
              { header: t('role'), cell: (i) => <Badge variant="secondary">{residents(`roles.${i.role}`)}</Badge> },
              { header: t('sent'), cellClassName: 'whitespace-nowrap', cell: (i) => <time dateTime={i.createdAt}>{formatDate(i.createdAt, locale)}</time> },
              { header: t('expires'), cellClassName: 'whitespace-nowrap', cell: expires },
              { header: <span className="sr-only">{t('actions')}</span>, cellClassName: 'text-right', cell: cancelButton },
            ]}
            cardClassName="flex items-start justify-between gap-3 p-4"
            card={(i) => (
              <>
                <div className="grid min-w-0 gap-1 text-sm">
                  <p className="break-all font-medium">{i.email}</p>
                  <p className="flex flex-wrap items-center gap-2">
                    {labelOf(i.apartmentId)}
                    <Badge variant="secondary">{residents(`roles.${i.role}`)}</Badge>
                  </p>
                  <p className="text-muted-foreground">{t.rich('expiresOn', { date: () => expires(i) })}</p>
                </div>
                {cancelButton(i)}
              </>
            )}
          />
        </>
      );
    }
  }

  return (
    <Section id="pending-invitations-heading" title={t('pending')}>
      {body}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={target ? t('cancelTitle', { email: target.email }) : t('cancelTitlePlain')}
        description={target ? t('cancelText', { label: labelOf(target.apartmentId) }) : ''}
        keepLabel={t('keep')}
        confirmLabel={t('cancelConfirm')}
        pendingLabel={t('cancelling')}
        pending={cancel.isPending}
        error={
          cancel.isError && !['NOT_FOUND', 'CONFLICT'].includes(errorCode(cancel.error) ?? '') ? `${t('cancelFailed')} ${describeError(cancel.error, words)}` : null
        }
        onConfirm={confirm}
        returnFocus={() => (done.current ? focusAfterCancel() : trigger.current)}
      />
    </Section>
  );
}
