import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageHeader } from '@/components/ui/page-header';
import { requireUser } from '@/server/auth/current-user';
import { AccountSection } from './account-section';
import { ApiKeysSection } from './api-keys-section';
import { OrganisationSection } from './organisation-section';
import { TeamSection } from './team-section';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('Settings'))('title') };
}

export default async function SettingsPage() {
  // The (manager) layout already admits only admins and managers; API keys are theirs alone, so check again here.
  const user = await requireUser(['admin', 'manager']);
  const canManageApiKeys = user.role === 'admin' || user.role === 'manager';
  const t = await getTranslations('Settings');

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid gap-6">
        <OrganisationSection canEdit={user.role === 'admin'} />
        <TeamSection canEdit={user.role === 'admin'} userId={user.userId} />
        <AccountSection email={user.email} />
        {canManageApiKeys && <ApiKeysSection />}
      </div>
    </>
  );
}
