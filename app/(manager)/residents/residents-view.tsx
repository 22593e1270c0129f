'use client';

import { useQueryClient } from '@tanstack/react-query';
import { MailPlusIcon } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ExportLink, SearchField, SortSelect } from '@/components/ui/list-controls';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { useTRPC } from '@/lib/trpc/react';
import { searchOf, useQueryInUrl } from '@/lib/url-state';
import { BuildingFilter } from '../building-filter';
import { useApartmentDirectory, useApartmentLabel, useBuildings, type Building } from './apartment-directory';
import { InvitationsSection } from './invitations-section';
import { InviteDialog } from './invite-dialog';
import { NO_RESIDENTS_QUERY, RESIDENT_SORTS, type ResidentsQuery, residentsListQuery } from './residents-query';
import { ResidentsSection } from './residents-section';

type Notice = { id: number; text: string };

/** The residents of the tenant's buildings (searched, filtered, ordered, exported), inviting new ones and the invitations still pending. */
export function ResidentsView({ initial }: { initial: Partial<ResidentsQuery> }) {
  const t = useTranslations('Residents');
  const apartmentLabel = useApartmentLabel();
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const buildingsQuery = useBuildings();
  const buildings: Building[] = (buildingsQuery.data?.data ?? []).map((b) => ({ id: b.id, name: b.name }));
  const buildingNames = new Map(buildings.map((b) => [b.id, b.name]));
  const directory = useApartmentDirectory(buildings);

  const [query, setQuery] = useState<ResidentsQuery>({ ...NO_RESIDENTS_QUERY, ...initial });
  const set = (patch: Partial<ResidentsQuery>) => setQuery((previous) => ({ ...previous, ...patch }));
  const buildingId = query.buildingId || undefined;
  const search = searchOf(residentsListQuery(query));
  useQueryInUrl('/residents', search);

  // One confirmation at a time; it takes the focus so it is read out, and replaces the previous one.
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const noticeCount = useRef(0);
  const say = (text: string) => setNotice({ id: ++noticeCount.current, text });
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const [inviteOpen, setInviteOpen] = useState(false);
  const inviteButtonRef = useRef<HTMLButtonElement>(null);

  const labelOf = (apartmentId: string, buildingIdOf?: string) => {
    const entry = directory.byId.get(apartmentId);
    return apartmentLabel(entry?.buildingName ?? (buildingIdOf ? buildingNames.get(buildingIdOf) : undefined), entry?.number);
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button ref={inviteButtonRef} onClick={() => setInviteOpen(true)} className="w-full sm:w-auto">
            <MailPlusIcon aria-hidden="true" />
            {t('invite')}
          </Button>
        }
      />

      <div className="grid gap-6">
        <section aria-label={t('filters')} className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end [&>*]:min-w-0">
          <SearchField value={query.q} onChange={(q) => set({ q })} placeholder={t('searchPlaceholder')} />
          <BuildingFilter value={query.buildingId} onChange={(buildingId) => set({ buildingId })} buildings={buildings} />
          <SortSelect value={query.sort} onChange={(sort) => set({ sort })} options={RESIDENT_SORTS.map((s) => ({ value: s.value, label: t(`sorts.${s.value}`) }))} />
          <ExportLink href={`/api/residents/export${search ? `?${search}` : ''}`} />
        </section>

        {notice && (
          <Notice key={notice.id} ref={noticeRef} ring>
            {notice.text}
          </Notice>
        )}

        <ResidentsSection
          query={query}
          labelOf={labelOf}
          onRemoved={(text) => {
            say(text);
            void queryClient.invalidateQueries(trpc.residents.list.pathFilter());
          }}
          focusAfterRemoval={() => noticeRef.current}
          onInvite={() => setInviteOpen(true)}
        />

        <InvitationsSection
          filterBuildingId={buildingId}
          buildingOf={(apartmentId) => directory.byId.get(apartmentId)?.buildingId}
          labelOf={labelOf}
          onCancelled={(text) => say(text)}
          focusAfterCancel={() => noticeRef.current}
        />
      </div>

      <InviteDialog
        open={inviteOpen}
        onOpenChange={setInviteOpen}
        buildings={buildings}
        initialBuildingId={buildingId}
        returnFocus={() => inviteButtonRef.current}
        focusAfterSent={() => noticeRef.current}
        onSent={({ email, label }) => {
          say(t('invitationSent', { email, label }));
          void queryClient.invalidateQueries({ queryKey: trpc.residents.listInvitations.queryKey() });
        }}
      />
    </>
  );
}
