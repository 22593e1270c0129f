import { UserRoundIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChangePasswordForm } from './change-password-form';
import { SignOutOtherSessions } from './sign-out-other-sessions';

/** The signed-in person's own account: password and sessions. */
export function AccountSection({ email }: { email: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRoundIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          Account
        </CardTitle>
        <CardDescription>
          Signed in as <span className="font-medium text-foreground">{email}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
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
      </CardContent>
    </Card>
  );
}
