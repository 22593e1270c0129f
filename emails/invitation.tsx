import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { z } from 'zod';
import { webUrl } from './schema';
import { EmailLayout, styles } from './layout';

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

export function invitationSubject(props: Pick<InvitationProps, 'organizationName'>): string {
  return `You are invited to ${props.organizationName}`;
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function InvitationEmail({ organizationName, inviterName, apartmentLabel, role, acceptUrl, expiresAt }: InvitationProps) {
  const who = inviterName ? `${inviterName} from ${organizationName}` : organizationName;
  return (
    <EmailLayout
      preview={apartmentLabel ? `${who} invited you to apartment ${apartmentLabel}` : `${who} invited you to their team`}
      footer="If you did not expect this invitation, you can ignore this message."
    >
      <Heading style={styles.heading}>You are invited</Heading>
      {apartmentLabel ? (
        <Text style={styles.text}>
          {who} invited you to join apartment <strong>{apartmentLabel}</strong> as {role}. You will see your invoices,
          submit meter readings and send maintenance requests.
        </Text>
      ) : (
        <Text style={styles.text}>
          {who} invited you to join their team as <strong>{role}</strong>. You will manage their buildings, invoices, payments
          and residents.
        </Text>
      )}
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={acceptUrl} style={styles.button}>
          Accept invitation
        </Button>
      </Section>
      <Text style={styles.muted}>The invitation works once and expires on {formatDate(expiresAt)}.</Text>
      <Link href={acceptUrl} style={styles.link}>
        {acceptUrl}
      </Link>
    </EmailLayout>
  );
}

InvitationEmail.PreviewProps = {
  organizationName: 'Tamme Housing',
  inviterName: 'Mari Maasikas',
  apartmentLabel: 'Tamme 5-12',
  role: 'resident',
  acceptUrl: 'http://localhost:3000/invite/preview',
  expiresAt: '2026-01-08T10:00:00.000Z',
} satisfies InvitationProps;

export default InvitationEmail;
