import { UserRoundIcon } from 'lucide-react';
import { ChangePasswordForm } from './change-password-form';
import { SettingsCard } from './settings-card';
import { SignOutOtherSessions } from './sign-out-other-sessions';

/** The signed-in person's own account: password and sessions. */
export function AccountSection({ email }: { email: string }) {
  return (
    <SettingsCard
      icon={UserRoundIcon}
      title="Account"
      contentClassName="grid gap-8"
      description={
        <>
          Signed in as <span className="font-medium text-foreground">{email}</span>.
        </>
      }
    >
      <section aria-labelledby="change-password-heading" className="grid gap-4">
        <div className="grid gap-1">
          <h3 id="change-password-heading" className="font-semibold">
            Change password
          </h3>
          <p className="text-sm text-muted-foreground">
            Changing your password signs you out everywhere else; this browser stays signed in.
          </p>
        </div>
        <ChangePasswordForm email={email} />
      </section>

      <section aria-labelledby="sessions-heading" className="grid gap-4 border-t pt-6">
        <div className="grid gap-1">
          <h3 id="sessions-heading" className="font-semibold">
            Sessions
          </h3>
          <p className="text-sm text-muted-foreground">
            Signed in on a shared or lost device? Sign out everywhere except here.
          </p>
        </div>
        <SignOutOtherSessions />
      </section>
    </SettingsCard>
  );
}
