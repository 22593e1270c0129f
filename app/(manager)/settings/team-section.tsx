'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { Notice } from '@/components/ui/notice';
import { ResponsiveList } from '@/components/ui/responsive-list';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { describeError } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { InviteMemberForm } from './invite-member-form';
import { SettingsCard } from './settings-card';
import { ROLE_LABEL, type TeamRole } from './team-roles';

type Member = { userId: string; name: string | null; email: string; role: TeamRole };
type Pending = { kind: 'role'; member: Member; to: TeamRole } | { kind: 'remove'; member: Member } | { kind: 'cancel'; id: string; email: string };

/** The people who run the organisation: admins change roles, remove people and invite new ones; managers see who is on it. */
export function TeamSection({ canEdit, userId }: { canEdit: boolean; userId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const team = useQuery(trpc.team.list.queryOptions({}));
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const show = (text: string) => setNotice((n) => ({ id: (n?.id ?? 0) + 1, text }));
  const [pending, setPending] = useState<Pending | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey({}) });
  const done = (text: string) => {
    setPending(null);
    show(text);
    refresh();
  };
  const changeRole = useMutation(trpc.team.changeRole.mutationOptions());
  const remove = useMutation(trpc.team.remove.mutationOptions());
  const cancel = useMutation(trpc.team.cancelInvitation.mutationOptions());
  const busy = changeRole.isPending || remove.isPending || cancel.isPending;
  const failure = changeRole.error ?? remove.error ?? cancel.error;
  const who = (m: Member) => m.name ?? m.email;

  function confirm() {
    if (!pending) return;
    if (pending.kind === 'role') changeRole.mutate({ userId: pending.member.userId, role: pending.to }, { onSuccess: () => done(`${who(pending.member)} is now ${ROLE_LABEL[pending.to].toLowerCase()}.`) });
    else if (pending.kind === 'remove') remove.mutate({ userId: pending.member.userId }, { onSuccess: () => done(`${who(pending.member)} is no longer on the team.`) });
    else cancel.mutate({ invitationId: pending.id }, { onSuccess: () => done(`The invitation to ${pending.email} was cancelled.`) });
  }

  const actions = (m: Member) =>
    canEdit ? (
      <span className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending({ kind: 'role', member: m, to: m.role === 'admin' ? 'manager' : 'admin' })}>
          {m.role === 'admin' ? 'Make manager…' : 'Make admin…'}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending({ kind: 'remove', member: m })}>
          {m.userId === userId ? 'Leave…' : 'Remove…'}
        </Button>
      </span>
    ) : null;

  let body;
  if (team.isPending) body = <Skeleton className="h-32 w-full" />;
  else if (team.isError) body = <LoadError what="The team" reason={describeError(team.error)} retry={() => void team.refetch()} />;
  else
    body = (
      <div className="grid gap-6">
        <ResponsiveList
          items={team.data.data.members.map((m) => ({ ...m, id: m.userId }))}
          from="sm"
          labelledBy="team-heading"
          columns={[
            { header: 'Name', cellClassName: 'font-medium break-words', cell: (m) => m.name ?? '—' },
            { header: 'Email', cellClassName: 'break-all', cell: (m) => m.email },
            { header: 'Role', cell: (m) => <Badge variant={m.role === 'admin' ? 'default' : 'secondary'}>{ROLE_LABEL[m.role]}</Badge> },
            ...(canEdit ? [{ header: 'Action', cell: actions }] : []),
          ]}
          cardClassName="grid gap-2 p-4 text-sm"
          card={(m) => (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{m.name ?? m.email}</span>
                <Badge variant={m.role === 'admin' ? 'default' : 'secondary'}>{ROLE_LABEL[m.role]}</Badge>
              </div>
              <p className="break-all text-muted-foreground">{m.email}</p>
              {actions(m)}
            </>
          )}
        />
        {team.data.data.invitations.length > 0 && (
          <section aria-labelledby="team-invitations-heading" className="grid gap-2">
            <h3 id="team-invitations-heading" className="font-semibold">
              Invitations waiting
            </h3>
            <ul className="grid gap-2">
              {team.data.data.invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
                  <span className="break-all">
                    {i.email} · {ROLE_LABEL[i.role]} · until {formatDate(i.expiresAt)}
                  </span>
                  {canEdit && (
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending({ kind: 'cancel', id: i.id, email: i.email })}>
                      Cancel…
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
        {canEdit && (
          <section aria-labelledby="invite-member-heading" className="grid gap-3 border-t pt-6">
            <h3 id="invite-member-heading" className="font-semibold">
              Invite someone
            </h3>
            <InviteMemberForm
              onInvited={(text) => {
                show(text);
                refresh();
              }}
            />
          </section>
        )}
      </div>
    );

  const title = !pending ? '' : pending.kind === 'role' ? `Make ${who(pending.member)} ${pending.to === 'admin' ? 'an admin' : 'a manager'}?` : pending.kind === 'remove' ? `Remove ${who(pending.member)} from the team?` : `Cancel the invitation to ${pending.email}?`;
  return (
    <SettingsCard icon={UsersIcon} title="Team" titleId="team-heading" contentClassName="grid gap-4" description={canEdit ? 'Managers run buildings, invoices and payments; admins also change the organisation’s details and its team.' : 'Who runs the organisation. Only an admin can change the team.'}>
      {notice && (
        <Notice key={notice.id} role="status" tone="success">
          {notice.text}
        </Notice>
      )}
      {body}
      <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (open) return;
        setPending(null);
        changeRole.reset();
        remove.reset();
        cancel.reset();
      }}
      title={title}
      description={
        pending?.kind === 'remove'
          ? 'Their access as a manager or admin ends at once. If they live in one of your apartments, they stay its resident.'
          : pending?.kind === 'role'
            ? pending.to === 'admin'
              ? 'Admins can change the organisation’s details and its team.'
              : 'They keep running buildings, invoices and payments, but can no longer change the organisation or its team.'
            : 'The link in the invitation mail stops working.'
      }
      confirmLabel={pending?.kind === 'remove' ? 'Remove' : pending?.kind === 'cancel' ? 'Cancel invitation' : 'Change role'}
      pendingLabel="Saving…"
      keepLabel="Keep as is"
      destructive={pending?.kind !== 'role'}
      pending={busy}
      error={failure ? describeError(failure) : null}
      onConfirm={confirm}
      />
    </SettingsCard>
  );
}
