import { UserRoundIcon } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { TitledSection } from '@/components/ui/titled-section';
import { ChangePasswordForm } from './change-password-form';
import { SettingsCard } from './settings-card';
import { SignOutOtherSessions } from './sign-out-other-sessions';

/** The signed-in person's own account: password and sessions. */
export async function AccountSection({ email }: { email: string }) {
  const t = await getTranslations('Settings');
  return (
    <SettingsCard
      icon={UserRoundIcon}
      title={t('account.title')}
      contentClassName="grid gap-8"
      description={t.rich('account.signedInAs', { email, strong: (chunks) => <span className="font-medium text-foreground">{chunks}</span> })}
    >
      <TitledSection id="change-password-heading" level={3} title={t('password.title')} hint={t('password.hint')} className="gap-4">
        <ChangePasswordForm email={email} />
      </TitledSection>
      <TitledSection id="sessions-heading" level={3} title={t('sessions.title')} hint={t('sessions.hint')} className="gap-4 border-t pt-6">
        <SignOutOtherSessions />
      </TitledSection>
    </SettingsCard>
  );
}
