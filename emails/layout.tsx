import { Body, Container, Head, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import type { Locale } from '@/i18n/locales';
import type { Translate } from '@/i18n/translator';

/** The product's name: a name, the same in every language. */
export const APP_NAME = 'Property Billing';

/** What every template is given besides its data: the recipient's language and a translator for `Mail`. */
export type MailLanguage = { locale: Locale; t: Translate };

/** Inline styles only: many mail clients drop <style> blocks and class names. */
export const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '32px' },
  brand: { color: '#18181b', fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', margin: '0 0 24px' },
  heading: { color: '#18181b', fontSize: '22px', fontWeight: 700, lineHeight: '28px', margin: '0 0 16px' },
  text: { color: '#3f3f46', fontSize: '15px', lineHeight: '24px', margin: '0 0 16px' },
  muted: { color: '#71717a', fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
  button: {
    backgroundColor: '#18181b',
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: '#2563eb', wordBreak: 'break-all' },
  hr: { borderColor: '#e4e4e7', margin: '24px 0' },
} satisfies Record<string, CSSProperties>;

export type EmailLayoutProps = MailLanguage & {
  /** The line mail clients show next to the subject. */
  preview: string;
  children: ReactNode;
  /** Why the reader got this mail, shown small at the bottom. */
  footer?: string;
};

export function EmailLayout({ locale, t, preview, children, footer }: EmailLayoutProps) {
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{APP_NAME}</Text>
          <Section>{children}</Section>
          <Hr style={styles.hr} />
          <Text style={styles.muted}>{footer ?? t('footer', { app: APP_NAME })}</Text>
        </Container>
      </Body>
    </Html>
  );
}
