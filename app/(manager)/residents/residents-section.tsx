'use client';

import { keepPreviousData, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { MailPlusIcon, UsersIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedList } from '@/components/ui/paged-list';
import { ResponsiveList } from '@/components/ui/responsive-list';
import type { ResidentRole } from '@/lib/format';
import { describeError, errorCode } from '@/lib/trpc/errors';
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { type ResidentsQuery, residentsListQuery } from './residents-query';
import { Section } from './section';

const PAGE_SIZE = 50;

export type Resident = { id: string; name: string | null; email: string; apartmentId: string; apartmentNumber: string; buildingId: string; role: ResidentRole };

/** The residents the filters select, in the chosen order, each removable from their apartment. */
export function ResidentsSection({
  query: filters,
  labelOf,
  onRemoved,
  focusAfterRemoval,
  onInvite,
}: {
  query: ResidentsQuery;
  labelOf: (apartmentId: string, buildingId?: string) => string;
  onRemoved: (notice: string) => void;
  focusAfterRemoval: () => HTMLElement | null;
  onInvite: () => void;
}) {
  const words = useErrorWords();
  const t = useTranslations('Residents');
  const trpc = useTRPC();
  const buildingId = filters.buildingId || undefined;
  const query = useInfiniteQuery(
    trpc.residents.list.infiniteQueryOptions(
      { ...residentsListQuery(filters), limit: PAGE_SIZE },
      { getNextPageParam: (last) => last.nextCursor ?? undefined, placeholderData: keepPreviousData },
    ),
  );
  const residents: Resident[] = query.data?.pages.flatMap((p) => p.data) ?? [];

  const remove = useMutation(trpc.residents.remove.mutationOptions());
  const [target, setTarget] = useState<Resident | null>(null);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLElement | null>(null);
  const done = useRef(false);

  const who = (r: Resident) => r.name || r.email;

  function ask(resident: Resident, button: HTMLElement) {
    trigger.current = button;
    done.current = false;
    remove.reset();
    setTarget(resident);
    setOpen(true);
  }

  function confirm() {
    if (!target) return;
    const label = labelOf(target.apartmentId, target.buildingId);
    const finish = (text: string) => {
      done.current = true;
      setOpen(false);
      onRemoved(text);
    };
    remove.mutate(
      { id: target.id },
      {
        onSuccess: () => finish(t('removed', { who: who(target), label })),
        onError: (error) => {
          if (errorCode(error) === 'NOT_FOUND') finish(t('alreadyRemoved', { who: who(target), label }));
        },
      },
    );
  }

  const removeButton = (r: Resident) => (
    <Button variant="outline" size="sm" className="h-11 sm:h-9" onClick={(event) => ask(r, event.currentTarget)}>
      {t('remove')}
      <span className="sr-only"> {t('removeWhat', { who: who(r), label: labelOf(r.apartmentId, r.buildingId) })}</span>
    </Button>
  );
  const searched = filters.q.trim();
  const body = (
    <PagedList
      query={query}
      count={residents.length}
      filtered={searched !== ''}
      t={t}
      noMatches={t('noMatches', { q: searched })}
      loadMore={{ label: t('loadMore'), className: '' }}
      empty={
        buildingId ? (
          <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">{t('nobodyInBuilding')}</p>
        ) : (
          <EmptyState icon={UsersIcon} title={t('emptyTitle')} description={t('emptyText')}>
            <Button onClick={onInvite}>
              <MailPlusIcon aria-hidden="true" />
              {t('invite')}
            </Button>
          </EmptyState>
        )
      }
    >
      <ResponsiveList
        items={residents}
        from="sm"
        listLabel={t('list')}
        caption={t('caption', { order: t(`sorts.${filters.sort}`) })}
        busy={query.isPlaceholderData}
        columns={[
          {
            header: t('name'),
            cellClassName: 'font-medium',
            cell: (r) => r.name ?? <span className="text-muted-foreground">{t('noName')}</span>,
          },
          { header: t('email'), cellClassName: 'break-all', cell: (r) => r.email },
          { header: t('apartment'), cellClassName: 'whitespace-nowrap', cell: (r) => labelOf(r.apartmentId, r.buildingId) },
          { header: t('role'), cell: (r) => <Badge variant="secondary">{t(`roles.${r.role}`)}</Badge> },
          { header: <span className="sr-only">{t('actions')}</span>, cellClassName: 'text-right', cell: removeButton },
        ]}
        cardClassName="flex items-start justify-between gap-3 p-4"
        card={(r) => (
          <>
            <div className="grid min-w-0 gap-1 text-sm">
              <p className="font-medium wrap-break-word">{r.name ?? t('noName')}</p>
              <p className="break-all text-muted-foreground">{r.email}</p>
              <p className="flex flex-wrap items-center gap-2">
                {labelOf(r.apartmentId, r.buildingId)}
                <Badge variant="secondary">{t(`roles.${r.role}`)}</Badge>
              </p>
            </div>
            {removeButton(r)}
          </>
        )}
      />
    </PagedList>
  );

  return (
    <Section id="current-residents-heading" title={t('current')}>
      {body}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={target ? t('removeTitle', { who: who(target), label: labelOf(target.apartmentId, target.buildingId) }) : t('removeTitlePlain')}
        description={t('removeText')}
        keepLabel={t('keep')}
        confirmLabel={t('removeConfirm')}
        pendingLabel={t('removing')}
        pending={remove.isPending}
        error={
          remove.isError && errorCode(remove.error) !== 'NOT_FOUND' ? `${t('removeFailed')} ${describeError(remove.error, words)}` : null
        }
        onConfirm={confirm}
        returnFocus={() => (done.current ? focusAfterRemoval() : trigger.current)}
      />
    </Section>
  );
}
