import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';
import { requireUser } from '@/server/auth/current-user';
import { AccountSection } from './account-section';
import { ApiKeysSection } from './api-keys-section';
import { OrganisationSection } from './organisation-section';
import { TeamSection } from './team-section';

export const metadata: Metadata = { title: 'Settings' };

export default async function SettingsPage() {
  // The (manager) layout already admits only admins and managers; API keys are theirs alone, so check again here.
  const user = await requireUser(['admin', 'manager']);
  const canManageApiKeys = user.role === 'admin' || user.role === 'manager';

  return (
    <>
      <PageHeader title="Settings" description="Your organisation and its team, your account and the API keys that integrations use." />
      <div className="grid gap-6">
        <OrganisationSection canEdit={user.role === 'admin'} />
        <TeamSection canEdit={user.role === 'admin'} userId={user.userId} />
        <AccountSection email={user.email} />
        {canManageApiKeys && <ApiKeysSection />}
      </div>
    </>
  );
}
