import { Button, Heading, Section, Text } from '@react-email/components';
import { z } from 'zod';
import { webUrl } from './schema';
import { EmailLayout, styles } from './layout';

export const NotificationProps = z.object({
  title: z.string().min(1),
  /** Paragraphs of plain text. */
  paragraphs: z.array(z.string()).min(1),
  action: z.object({ label: z.string().min(1), url: webUrl() }).nullable(),
});
export type NotificationProps = z.infer<typeof NotificationProps>;

export function NotificationEmail({ title, paragraphs, action }: NotificationProps) {
  return (
    <EmailLayout preview={paragraphs[0] ?? title}>
      <Heading style={styles.heading}>{title}</Heading>
      {paragraphs.map((p, i) => (
        <Text key={i} style={styles.text}>
          {p}
        </Text>
      ))}
      {action ? (
        <Section style={{ margin: '8px 0 8px' }}>
          <Button href={action.url} style={styles.button}>
            {action.label}
          </Button>
        </Section>
      ) : null}
    </EmailLayout>
  );
}

NotificationEmail.PreviewProps = {
  title: 'Your invoice is ready',
  paragraphs: ['The invoice for November 2026 is ready.', 'It is due on 15 December 2026.'],
  action: { label: 'View invoice', url: 'http://localhost:3000/invoices' },
} satisfies NotificationProps;

export default NotificationEmail;
