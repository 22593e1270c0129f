import { createElement, type ReactElement } from 'react';
import { z } from 'zod';
import { DEFAULT_LOCALE, type Locale, LOCALES } from '@/i18n/locales';
import { translatorFor } from '@/i18n/translator';
import { InvitationEmail, InvitationProps } from './invitation';
import type { MailLanguage } from './layout';
import { MagicLinkEmail, MagicLinkProps } from './magic-link';
import { NotificationEmail, NotificationProps } from './notification';

export { InvitationEmail, InvitationProps, invitationSubject } from './invitation';
export { MagicLinkEmail, MagicLinkProps, magicLinkSubject } from './magic-link';
export { NotificationEmail, NotificationProps } from './notification';
export type { MailLanguage } from './layout';

/** The recipient's language, travelling with a template's data; Estonian when none is given. */
const locale = z.enum(LOCALES).optional();

/**
 * Templates that can be named in data (job events): the name, JSON props and the recipient's language travel
 * through the queue, the element is built where the mail is sent.
 */
export const MailTemplate = z.discriminatedUnion('template', [
  z.object({ template: z.literal('magic-link'), props: MagicLinkProps, locale }),
  z.object({ template: z.literal('invitation'), props: InvitationProps, locale }),
  z.object({ template: z.literal('notification'), props: NotificationProps, locale }),
]);
export type MailTemplate = z.infer<typeof MailTemplate>;
export type MailTemplateName = MailTemplate['template'];

/** A named template as the element to send, in the recipient's language (Estonian when none is given). */
export async function renderMailTemplate(m: MailTemplate): Promise<ReactElement> {
  const language = await mailLanguage(m.locale ?? DEFAULT_LOCALE);
  switch (m.template) {
    case 'magic-link':
      return createElement(MagicLinkEmail, { ...m.props, ...language });
    case 'invitation':
      return createElement(InvitationEmail, { ...m.props, ...language });
    case 'notification':
      return createElement(NotificationEmail, { ...m.props, ...language });
  }
}

/** The language a mail is written in: the recipient's locale and a translator for the `Mail` messages. */
export async function mailLanguage(locale: Locale): Promise<MailLanguage> {
  return { locale, t: await translatorFor('Mail', locale) };
}
