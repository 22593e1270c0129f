'use client';

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailPlusIcon, UsersIcon } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { LoadError } from '@/components/ui/load-error';
import { OptionsSelect } from '@/components/ui/options-select';
import { ListSkeleton, LoadMore, ResponsiveList } from '@/components/ui/responsive-list';
import { useTRPC } from '@/lib/trpc/react';
import { apartmentLabel, useApartmentDirectory, useBuildings, type Building } from './apartment-directory';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { formatDate, ROLE_LABELS, type ResidentRole } from '@/lib/format';
import { InviteDialog } from './invite-dialog';
import { describeError, errorCode } from '@/lib/trpc/errors';

const PAGE_SIZE = 50;
const ALL = 'all';

type Resident = { id: string; name: string | null; email: string; apartmentId: string; buildingId: string; role: ResidentRole };
type Invitation = { id: string; email: string; apartmentId: string; role: ResidentRole; expiresAt: string; createdAt: string };
type Notice = { id: number; text: string };

/** The residents of the tenant's buildings, inviting new ones and the invitations still pending. */
export function ResidentsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const buildingsQuery = useBuildings();
  const buildings: Building[] = (buildingsQuery.data?.data ?? []).map((b) => ({ id: b.id, name: b.name }));
  const buildingNames = new Map(buildings.map((b) => [b.id, b.name]));
  const directory = useApartmentDirectory(buildings);

  const [filter, setFilter] = useState(ALL);
  const buildingId = filter === ALL ? undefined : filter;

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
        title="Residents"
        description="People living in your buildings and the invitations you send them."
        actions={
          <Button ref={inviteButtonRef} onClick={() => setInviteOpen(true)} className="w-full sm:w-auto">
            <MailPlusIcon aria-hidden="true" />
            Invite resident
          </Button>
        }
      />

      <div className="grid gap-6">
        <FormField label="Building" className="max-w-sm">
          <OptionsSelect
            value={filter}
            onChange={setFilter}
            options={[{ value: ALL, label: 'All buildings' }, ...buildings.map((b) => ({ value: b.id, label: b.name }))]}
          />
        </FormField>

        {notice && (
          <Notice key={notice.id} ref={noticeRef} ring>
            {notice.text}
          </Notice>
        )}

        <ResidentsSection
          buildingId={buildingId}
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
          say(`Invitation sent to ${email} for ${label}. The link in the email is valid for 7 days.`);
          void queryClient.invalidateQueries({ queryKey: trpc.residents.listInvitations.queryKey() });
        }}
      />
    </>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function ResidentsSection({
  buildingId,
  labelOf,
  onRemoved,
  focusAfterRemoval,
  onInvite,
}: {
  buildingId?: string;
  labelOf: (apartmentId: string, buildingId?: string) => string;
  onRemoved: (notice: string) => void;
  focusAfterRemoval: () => HTMLElement | null;
  onInvite: () => void;
}) {
  const trpc = useTRPC();
  const query = useInfiniteQuery(
    trpc.residents.list.infiniteQueryOptions(
      { buildingId, limit: PAGE_SIZE },
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
        onSuccess: () => finish(`${who(target)} has been removed from ${label}.`),
        onError: (error) => {
          if (errorCode(error) === 'NOT_FOUND') finish(`${who(target)} had already been removed from ${label}.`);
        },
      },
    );
  }

  let body: ReactNode;
  if (query.isPending) {
    body = <ListSkeleton label="Loading residents…" />;
  } else if (query.isError) {
    body = <LoadError what="The residents" reason={describeError(query.error)} retry={() => void query.refetch()} />;
  } else if (residents.length === 0) {
    body = buildingId ? (
      <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
        Nobody lives in this building yet, as far as this service knows. Invite the residents by email.
      </p>
    ) : (
      <EmptyState
        icon={UsersIcon}
        title="No residents yet"
        description="Invite owners and tenants by email. Once they accept, they appear here and can see their apartment in the resident portal."
      >
        <Button onClick={onInvite}>
          <MailPlusIcon aria-hidden="true" />
          Invite resident
        </Button>
      </EmptyState>
    );
  } else {
    const removeButton = (r: Resident) => (
      <Button variant="outline" size="sm" className="h-11 sm:h-9" onClick={(event) => ask(r, event.currentTarget)}>
        Remove
        <span className="sr-only">
          {' '}
          {who(r)} from {labelOf(r.apartmentId, r.buildingId)}
        </span>
      </Button>
    );
    body = (
      <>
        <ResponsiveList
          items={residents}
          from="sm"
          listLabel="Residents"
          caption="Residents by email, one row per person and apartment"
          busy={query.isPlaceholderData}
          columns={[
            {
              header: 'Name',
              cellClassName: 'font-medium',
              cell: (r) => r.name ?? <span className="text-muted-foreground">No name given</span>,
            },
            { header: 'Email', cellClassName: 'break-all', cell: (r) => r.email },
            { header: 'Apartment', cellClassName: 'whitespace-nowrap', cell: (r) => labelOf(r.apartmentId, r.buildingId) },
            { header: 'Role', cell: (r) => <Badge variant="secondary">{ROLE_LABELS[r.role]}</Badge> },
            { header: <span className="sr-only">Actions</span>, cellClassName: 'text-right', cell: removeButton },
          ]}
          cardClassName="flex items-start justify-between gap-3 p-4"
          card={(r) => (
            <>
              <div className="grid min-w-0 gap-1 text-sm">
                <p className="font-medium wrap-break-word">{r.name ?? 'No name given'}</p>
                <p className="break-all text-muted-foreground">{r.email}</p>
                <p className="flex flex-wrap items-center gap-2">
                  {labelOf(r.apartmentId, r.buildingId)}
                  <Badge variant="secondary">{ROLE_LABELS[r.role]}</Badge>
                </p>
              </div>
              {removeButton(r)}
            </>
          )}
        />
        <LoadMore query={query} label="Load more residents" className="" />
      </>
    );
  }

  return (
    <Section id="current-residents-heading" title="Current residents">
      {body}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={target ? `Remove ${who(target)} from ${labelOf(target.apartmentId, target.buildingId)}?` : 'Remove resident?'}
        description="They keep their account but no longer see this apartment’s invoices, meters and requests. Someone without another apartment here can no longer use the resident portal."
        keepLabel="Keep resident"
        confirmLabel="Remove resident"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={
          remove.isError && errorCode(remove.error) !== 'NOT_FOUND'
            ? `The resident could not be removed. ${describeError(remove.error)}`
            : null
        }
        onConfirm={confirm}
        returnFocus={() => (done.current ? focusAfterRemoval() : trigger.current)}
      />
    </Section>
  );
}

function InvitationsSection({
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
        onSuccess: () => finish(`The invitation for ${target.email} has been cancelled. Its link no longer works.`),
        onError: (error) => {
          // Accepted, cancelled or expired meanwhile: it is not pending any more either way.
          if (errorCode(error) === 'NOT_FOUND' || errorCode(error) === 'CONFLICT')
            finish(`The invitation for ${target.email} is no longer pending.`);
        },
      },
    );
  }

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading invitations…
      </p>
    );
  } else if (query.isError) {
    body = <LoadError what="The invitations" reason={describeError(query.error)} retry={() => void query.refetch()} />;
  } else {
    const invitations: Invitation[] = query.data.data.filter(
      (i) => !filterBuildingId || buildingOf(i.apartmentId) === filterBuildingId,
    );
    if (invitations.length === 0) {
      body = (
        <p className="rounded-lg border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">
          {filterBuildingId ? 'No invitations are pending for this building.' : 'No invitations are pending.'}
        </p>
      );
    } else {
      const cancelButton = (i: Invitation) => (
        <Button variant="outline" size="sm" className="h-11 sm:h-9" onClick={(event) => ask(i, event.currentTarget)}>
          Cancel<span className="sr-only"> the invitation for {i.email}</span>
        </Button>
      );
      const expires = (i: Invitation) => <time dateTime={i.expiresAt}>{formatDate(i.expiresAt)}</time>;
      body = (
        <>
          <ResponsiveList
            items={invitations}
            from="sm"
            listLabel="Pending invitations"
            caption="Invitations not yet accepted"
            columns={[
              { header: 'Email', cellClassName: 'break-all font-medium', cell: (i) => i.email },
              { header: 'Apartment', cellClassName: 'whitespace-nowrap', cell: (i) => labelOf(i.apartmentId) },
              { header: 'Role', cell: (i) => <Badge variant="secondary">{ROLE_LABELS[i.role]}</Badge> },
              { header: 'Sent', cellClassName: 'whitespace-nowrap', cell: (i) => <time dateTime={i.createdAt}>{formatDate(i.createdAt)}</time> },
              { header: 'Expires', cellClassName: 'whitespace-nowrap', cell: expires },
              { header: <span className="sr-only">Actions</span>, cellClassName: 'text-right', cell: cancelButton },
            ]}
            cardClassName="flex items-start justify-between gap-3 p-4"
            card={(i) => (
              <>
                <div className="grid min-w-0 gap-1 text-sm">
                  <p className="break-all font-medium">{i.email}</p>
                  <p className="flex flex-wrap items-center gap-2">
                    {labelOf(i.apartmentId)}
                    <Badge variant="secondary">{ROLE_LABELS[i.role]}</Badge>
                  </p>
                  <p className="text-muted-foreground">Expires {expires(i)}</p>
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
    <Section id="pending-invitations-heading" title="Pending invitations">
      {body}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={target ? `Cancel the invitation for ${target.email}?` : 'Cancel the invitation?'}
        description={
          target
            ? `The link sent for ${labelOf(target.apartmentId)} stops working at once. You can invite them again later.`
            : ''
        }
        keepLabel="Keep invitation"
        confirmLabel="Cancel invitation"
        pendingLabel="Cancelling…"
        pending={cancel.isPending}
        error={
          cancel.isError && !['NOT_FOUND', 'CONFLICT'].includes(errorCode(cancel.error) ?? '')
            ? `The invitation could not be cancelled. ${describeError(cancel.error)}`
            : null
        }
        onConfirm={confirm}
        returnFocus={() => (done.current ? focusAfterCancel() : trigger.current)}
      />
    </Section>
  );
}
