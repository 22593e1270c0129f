import { SettingsIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Settings' };

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Your organisation, your account and API access." />
      <EmptyState
        icon={SettingsIcon}
        title="Settings are not available yet"
        description="This page will hold your organisation’s details, your account and the API keys that integrations use to call the REST API."
      />
    </>
  );
}
