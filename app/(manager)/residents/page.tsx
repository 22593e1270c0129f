import { UsersIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Residents' };

export default function ResidentsPage() {
  return (
    <>
      <PageHeader title="Residents" description="People living in your buildings and the invitations you send them." />
      <EmptyState
        icon={UsersIcon}
        title="Resident management is not available yet"
        description="This page will list owners and tenants by building and apartment. You will invite new residents by email and follow the invitations that are still pending."
      />
    </>
  );
}
