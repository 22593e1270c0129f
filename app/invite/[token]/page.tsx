import type { Metadata } from 'next';
import { Brand } from '@/components/shell/brand';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { describeInvitation } from '@/server/services/invitations/describe-invitation';
import { AcceptForm } from './accept-form';
import { acceptInvitationAction } from './actions';

export const metadata: Metadata = { title: 'Accept invitation' };
export const dynamic = 'force-dynamic';

// Opening the link only shows the invitation; the form's POST uses it.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await describeInvitation({ db: getDb(), now: new Date(), token });
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex justify-center">
          <Brand href="/" />
        </div>
        <Card>
          <CardHeader>
            <h1 className="text-xl font-semibold">Join your building</h1>
            {invitation && (
              <CardDescription>
                {invitation.organizationName} invites you to {invitation.apartmentLabel}.
              </CardDescription>
            )}
          </CardHeader>
          <CardContent>
            {invitation ? (
              <AcceptForm action={acceptInvitationAction.bind(null, token)} email={invitation.email} hasAccount={invitation.hasAccount} />
            ) : (
              <Alert variant="destructive" role="alert">
                This invitation is not valid any more: it was used, cancelled or it expired. Ask your building manager for a new one.
              </Alert>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
