'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UsersIcon } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
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
import { useErrorWords } from '@/lib/error-text';
import { useTRPC } from '@/lib/trpc/react';
import { InviteMemberForm } from './invite-member-form';
import { SettingsCard } from './settings-card';
import type { TeamRole } from './team-roles';

type Member = { userId: string; name: string | null; email: string; role: TeamRole };
type Pending = { kind: 'role'; member: Member; to: TeamRole } | { kind: 'remove'; member: Member } | { kind: 'cancel'; id: string; email: string };

/** The people who run the organisation: admins change roles, remove people and invite new ones; managers see who is on it. */
export function TeamSection({ canEdit, userId }: { canEdit: boolean; userId: string }) {
  const words = useErrorWords();
  const locale = useLocale();
  const t = useTranslations('Settings');
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
    if (pending.kind === 'role') changeRole.mutate({ userId: pending.member.userId, role: pending.to }, { onSuccess: () => done(t('team.roleChanged', { name: who(pending.member), role: pending.to })) });
    else if (pending.kind === 'remove') remove.mutate({ userId: pending.member.userId }, { onSuccess: () => done(t('team.removed', { name: who(pending.member) })) });
    else cancel.mutate({ invitationId: pending.id }, { onSuccess: () => done(t('team.invitationCancelled', { email: pending.email })) });
  }

  const actions = (m: Member) =>
    canEdit ? (
      <span className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending({ kind: 'role', member: m, to: m.role === 'admin' ? 'manager' : 'admin' })}>
          {m.role === 'admin' ? t('team.makeManager') : t('team.makeAdmin')}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending({ kind: 'remove', member: m })}>
          {m.userId === userId ? t('team.leave') : t('team.remove')}
        </Button>
      </span>
    ) : null;

  let body;
  if (team.isPending) body = <Skeleton className="h-32 w-full" />;
  else if (team.isError) body = <LoadError what={t('team.loadWhat')} reason={describeError(team.error, words)} retry={() => void team.refetch()} />;
  else
    body = (
      <div className="grid gap-6">
        <ResponsiveList
          items={team.data.data.members.map((m) => ({ ...m, id: m.userId }))}
          from="sm"
          labelledBy="team-heading"
          columns={[
            { header: t('team.columns.name'), cellClassName: 'font-medium break-words', cell: (m) => m.name ?? '—' },
            { header: t('team.columns.email'), cellClassName: 'break-all', cell: (m) => m.email },
            { header: t('team.columns.role'), cell: (m) => <Badge variant={m.role === 'admin' ? 'default' : 'secondary'}>{t(`roles.${m.role}`)}</Badge> },
            ...(canEdit ? [{ header: t('team.columns.action'), cell: actions }] : []),
          ]}
          cardClassName="grid gap-2 p-4 text-sm"
          card={(m) => (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{m.name ?? m.email}</span>
                <Badge variant={m.role === 'admin' ? 'default' : 'secondary'}>{t(`roles.${m.role}`)}</Badge>
              </div>
              <p className="break-all text-muted-foreground">{m.email}</p>
              {actions(m)}
            </>
          )}
        />
        {team.data.data.invitations.length > 0 && (
          <section aria-labelledby="team-invitations-heading" className="grid gap-2">
            <h3 id="team-invitations-heading" className="font-semibold">
              {t('team.invitations')}
            </h3>
            <ul className="grid gap-2">
              {team.data.data.invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
                  <span className="break-all">
                    {t('team.invitation', { email: i.email, role: t(`roles.${i.role}`), date: formatDate(i.expiresAt, locale) })}
                  </span>
                  {canEdit && (
                    <Button size="sm" variant="outline" disabled={busy} onClick={() => setPending({ kind: 'cancel', id: i.id, email: i.email })}>
                      {t('team.cancelInvitationButton')}
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
              {t('team.invite')}
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

  const title = !pending
    ? ''
    : pending.kind === 'role'
      ? t('team.roleTitle', { name: who(pending.member), role: pending.to })
      : pending.kind === 'remove'
        ? t('team.removeTitle', { name: who(pending.member) })
        : t('team.cancelTitle', { email: pending.email });
  return (
    <SettingsCard
      icon={UsersIcon}
      title={t('team.title')}
      titleId="team-heading"
      contentClassName="grid gap-4"
      description={canEdit ? t('team.descriptionAdmin') : t('team.descriptionManager')}
    >
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
          ? t('team.removeText')
          : pending?.kind === 'role'
            ? pending.to === 'admin'
              ? t('team.toAdminText')
              : t('team.toManagerText')
            : t('team.cancelText')
      }
      confirmLabel={pending?.kind === 'remove' ? t('team.removeConfirm') : pending?.kind === 'cancel' ? t('team.cancelConfirm') : t('team.roleConfirm')}
      pendingLabel={t('saving')}
      keepLabel={t('team.keep')}
      destructive={pending?.kind !== 'role'}
      pending={busy}
      error={failure ? describeError(failure, words) : null}
      onConfirm={confirm}
      />
    </SettingsCard>
  );
}
