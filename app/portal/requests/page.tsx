import { WrenchIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Requests' };

export default function PortalRequestsPage() {
  return (
    <>
      <PageHeader title="Requests" description="Maintenance requests for your apartment or building." />
      <EmptyState
        icon={WrenchIcon}
        title="Maintenance requests are not available yet"
        description="Here you will report a problem in your apartment or building, add photos and follow its progress until it is resolved."
      />
    </>
  );
}
