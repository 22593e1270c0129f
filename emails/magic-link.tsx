import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { z } from 'zod';
import { webUrl } from './schema';
import { EmailLayout, styles } from './layout';

export const MagicLinkProps = z.object({
  url: webUrl(),
  /** How long the link works; the API promises 15 minutes. */
  expiresInMinutes: z.number().int().positive(),
});
export type MagicLinkProps = z.infer<typeof MagicLinkProps>;

export const magicLinkSubject = 'Your sign-in link';

export function MagicLinkEmail({ url, expiresInMinutes }: MagicLinkProps) {
  return (
    <EmailLayout
      preview="Sign in with one click"
      footer="If you did not ask to sign in, you can ignore this message: nobody can sign in without the link."
    >
      <Heading style={styles.heading}>Sign in</Heading>
      <Text style={styles.text}>
        Use the button below to sign in. The link works once and expires in {expiresInMinutes} minutes.
      </Text>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={url} style={styles.button}>
          Sign in
        </Button>
      </Section>
      <Text style={styles.muted}>Or paste this address into your browser:</Text>
      <Link href={url} style={styles.link}>
        {url}
      </Link>
    </EmailLayout>
  );
}

MagicLinkEmail.PreviewProps = {
  url: 'http://localhost:3000/auth/magic?token=preview',
  expiresInMinutes: 15,
} satisfies MagicLinkProps;

export default MagicLinkEmail;
