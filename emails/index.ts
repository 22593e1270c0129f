import { createElement, type ReactElement } from 'react';
import { z } from 'zod';
import { InvitationEmail, InvitationProps } from './invitation';
import { MagicLinkEmail, MagicLinkProps } from './magic-link';
import { NotificationEmail, NotificationProps } from './notification';

export { InvitationEmail, InvitationProps, invitationSubject } from './invitation';
export { MagicLinkEmail, MagicLinkProps, magicLinkSubject } from './magic-link';
export { NotificationEmail, NotificationProps } from './notification';

/**
 * Templates that can be named in data (job events): the name and JSON props travel through the queue,
 * the element is built where the mail is sent.
 */
export const MailTemplate = z.discriminatedUnion('template', [
  z.object({ template: z.literal('magic-link'), props: MagicLinkProps }),
  z.object({ template: z.literal('invitation'), props: InvitationProps }),
  z.object({ template: z.literal('notification'), props: NotificationProps }),
]);
export type MailTemplate = z.infer<typeof MailTemplate>;
export type MailTemplateName = MailTemplate['template'];

export function renderMailTemplate(t: MailTemplate): ReactElement {
  switch (t.template) {
    case 'magic-link':
      return createElement(MagicLinkEmail, t.props);
    case 'invitation':
      return createElement(InvitationEmail, t.props);
    case 'notification':
      return createElement(NotificationEmail, t.props);
  }
}
