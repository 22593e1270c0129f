import { HouseIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Home' };

export default function PortalHomePage() {
  return (
    <>
      <PageHeader title="Home" description="Your apartment at a glance." />
      <EmptyState
        icon={HouseIcon}
        title="Your overview is on its way"
        description="Here you will see your apartment, your latest invoice and whether anything is due, and a reminder when it is time to submit meter readings."
      />
    </>
  );
}
