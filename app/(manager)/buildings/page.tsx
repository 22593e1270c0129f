import { Building2Icon } from 'lucide-react';
import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Buildings' };

export default function BuildingsPage() {
  return (
    <>
      <PageHeader title="Buildings" description="Your buildings, their apartments and how each building is billed." />
      <EmptyState
        icon={Building2Icon}
        title="Building management is not available yet"
        description="This page will list your buildings with their apartments and billing settings: charge rules, payment terms and invoice numbering. Adding buildings and importing apartments arrive in a coming update."
      />
    </>
  );
}
