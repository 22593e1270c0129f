import { UserRoundIcon } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
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
      <section aria-labelledby="change-password-heading" className="grid gap-4">
        <div className="grid gap-1">
          <h3 id="change-password-heading" className="font-semibold">
            {t('password.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('password.hint')}</p>
        </div>
        <ChangePasswordForm email={email} />
      </section>

      <section aria-labelledby="sessions-heading" className="grid gap-4 border-t pt-6">
        <div className="grid gap-1">
          <h3 id="sessions-heading" className="font-semibold">
            {t('sessions.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('sessions.hint')}</p>
        </div>
        <SignOutOtherSessions />
      </section>
    </SettingsCard>
  );
}
