import { GaugeIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Meters' };

export default function PortalMetersPage() {
  return (
    <>
      <PageHeader title="Meters" description="Readings of your apartment’s meters." />
      <EmptyState
        icon={GaugeIcon}
        title="Submitting readings is not available yet"
        description="Here you will submit your meter readings, typed in or from a photo of the meter, and see the readings you sent earlier."
      />
    </>
  );
}
