import { LayoutDashboardIcon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Dashboard' };

export default function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" description="An overview of your buildings and billing." />
      <EmptyState
        icon={LayoutDashboardIcon}
        title="Nothing to summarise yet"
        description="Once buildings, invoices and meter readings are in place, this page will show open and overdue invoices, readings waiting for your confirmation and recent payments."
      />
    </>
  );
}
