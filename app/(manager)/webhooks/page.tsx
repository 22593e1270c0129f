import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { WebhooksView } from './webhooks-view';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Webhooks'))('title') };
}

export default function WebhooksPage() {
  return <WebhooksView />;
}
