import { Button, Heading, Section, Text } from '@react-email/components';
import { z } from 'zod';
import { webUrl } from './schema';
import { EmailLayout, type MailLanguage, styles } from './layout';

/** A plain notice; its sender writes the title, paragraphs and action label in the recipient's language. */
export const NotificationProps = z.object({
  title: z.string().min(1),
  /** Paragraphs of plain text. */
  paragraphs: z.array(z.string()).min(1),
  action: z.object({ label: z.string().min(1), url: webUrl() }).nullable(),
});
export type NotificationProps = z.infer<typeof NotificationProps>;

export function NotificationEmail({ title, paragraphs, action, ...language }: NotificationProps & MailLanguage) {
  return (
    <EmailLayout {...language} preview={paragraphs[0] ?? title}>
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

export default NotificationEmail;
