import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { z } from 'zod';
import { formatDate } from '@/lib/format';
import { webUrl } from './schema';
import { EmailLayout, type MailLanguage, styles } from './layout';

export const InvitationProps = z.object({
  /** The property manager's organisation (the tenant). */
  organizationName: z.string().min(1),
  /** Who sent the invitation; null when the system did. */
  inviterName: z.string().min(1).nullable(),
  /** A human label for the apartment, e.g. "Tamme 5-12"; null for an invitation to the organisation's team. */
  apartmentLabel: z.string().min(1).nullable(),
  /** owner or tenant of the apartment; manager or admin of the team. */
  role: z.string().min(1),
  acceptUrl: webUrl(),
  /** ISO 8601 instant. */
  expiresAt: z.iso.datetime(),
});
export type InvitationProps = z.infer<typeof InvitationProps>;

export function invitationSubject(t: MailLanguage['t'], props: Pick<InvitationProps, 'organizationName'>): string {
  return t('invitation.subject', { organization: props.organizationName });
}

/** The role in the reader's words; a role the catalogue does not know is printed as it is. */
const ROLE_KEYS: Record<string, string> = { owner: 'roles.owner', tenant: 'roles.tenant', manager: 'roles.manager', admin: 'roles.admin', resident: 'roles.resident' };

export function InvitationEmail({ organizationName, inviterName, apartmentLabel, role, acceptUrl, expiresAt, ...language }: InvitationProps & MailLanguage) {
  const { t, locale } = language;
  const who = inviterName ? t('invitation.who', { inviter: inviterName, organization: organizationName }) : organizationName;
  const roleText = ROLE_KEYS[role] ? t(ROLE_KEYS[role]) : role;
  return (
    <EmailLayout
      {...language}
      preview={apartmentLabel ? t('invitation.previewApartment', { who, apartment: apartmentLabel }) : t('invitation.previewTeam', { who })}
      footer={t('invitation.footer')}
    >
      <Heading style={styles.heading}>{t('invitation.heading')}</Heading>
      <Text style={styles.text}>
        {apartmentLabel ? t('invitation.bodyApartment', { who, apartment: apartmentLabel, role: roleText }) : t('invitation.bodyTeam', { who, role: roleText })}
      </Text>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={acceptUrl} style={styles.button}>
          {t('invitation.accept')}
        </Button>
      </Section>
      <Text style={styles.muted}>{t('invitation.expires', { date: formatDate(expiresAt, locale) })}</Text>
      <Link href={acceptUrl} style={styles.link}>
        {acceptUrl}
      </Link>
    </EmailLayout>
  );
}

export default InvitationEmail;
