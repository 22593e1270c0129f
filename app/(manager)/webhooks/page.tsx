import { WebhookIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Webhooks' };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Notify your own systems when invoices, payments, readings or maintenance requests change."
      />
      <EmptyState
        icon={WebhookIcon}
        title="Webhooks are not available yet"
        description="This page will list your webhook endpoints, the events each one receives and every delivery attempt with its response. Each delivery is signed, so your system can check that it came from this service."
      />
    </>
  );
}
