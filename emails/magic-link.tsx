import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { z } from 'zod';
import { webUrl } from './schema';
import { EmailLayout, type MailLanguage, styles } from './layout';

export const MagicLinkProps = z.object({
  url: webUrl(),
  /** How long the link works; the API promises 15 minutes. */
  expiresInMinutes: z.number().int().positive(),
});
export type MagicLinkProps = z.infer<typeof MagicLinkProps>;

export function magicLinkSubject(t: MailLanguage['t']): string {
  return t('magicLink.subject');
}

export function MagicLinkEmail({ url, expiresInMinutes, ...language }: MagicLinkProps & MailLanguage) {
  const { t } = language;
  return (
    <EmailLayout {...language} preview={t('magicLink.preview')} footer={t('magicLink.footer')}>
      <Heading style={styles.heading}>{t('magicLink.heading')}</Heading>
      <Text style={styles.text}>{t('magicLink.body', { minutes: expiresInMinutes })}</Text>
      <Section style={{ margin: '8px 0 24px' }}>
        <Button href={url} style={styles.button}>
          {t('magicLink.button')}
        </Button>
      </Section>
      <Text style={styles.muted}>{t('magicLink.paste')}</Text>
      <Link href={url} style={styles.link}>
        {url}
      </Link>
    </EmailLayout>
  );
}

export default MagicLinkEmail;
