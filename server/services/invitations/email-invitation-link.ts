import { createElement } from 'react';
import type { Db } from '@/db/client';
import { mailLanguage, NotificationEmail } from '@/emails';
import type { Locale } from '@/i18n/locales';
import type { Translate } from '@/i18n/translator';
import { sha256 } from '@/server/auth/resolve-caller';
import { env } from '@/server/env';
import { sendMail } from '@/server/mail/send-mail';
import { addressLocale } from '../account/address-locale';
import { NotFoundError, ValidationError } from '../errors';
import { describeInvitation, type InvitationPlace } from './describe-invitation';
import { INVITATION_LINK_TTL_MINUTES, signInvitationLink } from './invitation-link';
import { fieldIssue } from '@/server/domain/errors';

/**
 * "Continue with a magic link" on the invitation page: mails the invited address a sign-in link
 * (through the magic-link page) that accepts the invitation, so the person joins without a password.
 * A new person gives a name first. A used, cancelled or expired invitation is 404. The mail is in `locale` (the
 * page's reader's), else the invited address's saved language, else the organisation's default.
 */
export async function emailInvitationLink({ db, now, input }: { db: Db; now: Date; input: { token: string; name: string; locale?: Locale } }): Promise<{ sent: true; email: string }> {
  const invitation = await describeInvitation({ db, now, token: input.token });
  if (!invitation) throw new NotFoundError('Invitation');
  const name = input.name.trim();
  if (!invitation.hasAccount && !name) throw new ValidationError([fieldIssue.empty('name')]);
  if (name.length > 200) throw new ValidationError([fieldIssue.tooLong('name', 200)]);

  const expiresAt = new Date(Math.min(now.getTime() + INVITATION_LINK_TTL_MINUTES * 60_000, invitation.expiresAt.getTime()));
  const link = signInvitationLink({ invitationId: invitation.invitationId, name: invitation.hasAccount ? null : name, expiresAt });
  const minutes = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 60_000));
  const language = await mailLanguage(input.locale ?? (await addressLocale(db, invitation.tenantId, invitation.email)));
  const { t } = language;
  await sendMail({
    to: invitation.email,
    subject: t('invitationLink.subject', { organization: invitation.organizationName }),
    react: createElement(NotificationEmail, {
      ...language,
      title: t('invitationLink.title'),
      paragraphs: [t('invitationLink.body', { organization: invitation.organizationName, place: placeText(t, invitation.place) }), t('invitationLink.expires', { minutes })],
      action: { label: t('invitationLink.action'), url: `${env.APP_URL}/magic-link/${link}` },
    }),
    idempotencyKey: `invitation-link:${invitation.invitationId}:${sha256(link).slice(0, 16)}`,
  });
  return { sent: true, email: invitation.email };
}

/** "Kase 5, apartment 7" or "its team as a manager", in the mail's language. */
function placeText(t: Translate, place: InvitationPlace): string {
  if (place.kind === 'apartment') return t('invitationLink.apartment', { building: place.building, number: place.number });
  return t(place.role === 'admin' ? 'invitationLink.teamAdmin' : 'invitationLink.teamManager');
}
