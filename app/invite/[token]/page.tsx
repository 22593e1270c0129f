import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { serverApi } from '@/server/api/server-caller';
import { AcceptForm } from './accept-form';
import { acceptInvitationAction } from './actions';
import { InviteFrame } from './invite-frame';

export const metadata: Metadata = { title: 'Accept invitation' };
export const dynamic = 'force-dynamic';

// Opening the link only shows the invitation; the form's POST uses it. A used, cancelled or expired
// token answers 404 (not-found.tsx), as POST /invitations/accept does.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await (await serverApi()).residents.describeInvitation({ token });
  if (!invitation) notFound();
  return (
    <InviteFrame>
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">Join your building</h1>
          <CardDescription>
            {invitation.organizationName} invites you to {invitation.apartmentLabel}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AcceptForm action={acceptInvitationAction.bind(null, token)} email={invitation.email} hasAccount={invitation.hasAccount} />
        </CardContent>
      </Card>
    </InviteFrame>
  );
}
