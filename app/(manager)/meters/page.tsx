import { GaugeIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Meters' };

export default function MetersPage() {
  return (
    <>
      <PageHeader title="Meters" description="Meters in your buildings and the readings residents submit." />
      <EmptyState
        icon={GaugeIcon}
        title="Meter management is not available yet"
        description="This page will list each building’s water, heating, electricity and gas meters with their latest readings. Readings that residents submit, typed in or read from a photo, will wait here for you to confirm or reject."
      />
    </>
  );
}
