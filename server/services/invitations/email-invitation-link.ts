import { createElement } from 'react';
import type { Db } from '@/db/client';
import { NotificationEmail } from '@/emails';
import { sha256 } from '@/server/auth/resolve-caller';
import { env } from '@/server/env';
import { sendMail } from '@/server/mail/send-mail';
import { NotFoundError, ValidationError } from '../errors';
import { describeInvitation } from './describe-invitation';
import { INVITATION_LINK_TTL_MINUTES, signInvitationLink } from './invitation-link';

/**
 * "Continue with a magic link" on the invitation page: mails the invited address a sign-in link
 * (through the magic-link page) that accepts the invitation, so the person joins without a password.
 * A new person gives a name first. A used, cancelled or expired invitation is 404.
 */
export async function emailInvitationLink({ db, now, input }: { db: Db; now: Date; input: { token: string; name: string } }): Promise<{ sent: true; email: string }> {
  const invitation = await describeInvitation({ db, now, token: input.token });
  if (!invitation) throw new NotFoundError('Invitation');
  const name = input.name.trim();
  if (!invitation.hasAccount && !name) throw new ValidationError([{ path: 'name', message: 'must not be empty' }]);
  if (name.length > 200) throw new ValidationError([{ path: 'name', message: 'must be at most 200 characters' }]);

  const expiresAt = new Date(Math.min(now.getTime() + INVITATION_LINK_TTL_MINUTES * 60_000, invitation.expiresAt.getTime()));
  const link = signInvitationLink({ invitationId: invitation.invitationId, name: invitation.hasAccount ? null : name, expiresAt });
  const minutes = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 60_000));
  await sendMail({
    to: invitation.email,
    subject: `Join ${invitation.organizationName}`,
    react: createElement(NotificationEmail, {
      title: 'Accept your invitation',
      paragraphs: [
        `${invitation.organizationName} invites you to ${invitation.apartmentLabel}. Use the button below to accept and sign in; no password is needed.`,
        `The link works once and expires in ${minutes} minutes. If you did not ask for it, you can ignore this message.`,
      ],
      action: { label: 'Accept and sign in', url: `${env.APP_URL}/magic-link/${link}` },
    }),
    idempotencyKey: `invitation-link:${invitation.invitationId}:${sha256(link).slice(0, 16)}`,
  });
  return { sent: true, email: invitation.email };
}
