import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { AuthFrame } from '@/components/shell/auth-frame';
import { serverApi } from '@/server/api/server-caller';
import { INVITATION_LINK_TTL_MINUTES } from '@/server/domain/link-tokens';
import { AcceptForm } from './accept-form';
import { acceptInvitationAction } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations('InvitePage'))('metaTitle') };
}
export const dynamic = 'force-dynamic';

// Opening the link only shows the invitation; the form's POST uses it. A used, cancelled or expired
// token answers 404 (not-found.tsx), as POST /invitations/accept does.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await (await serverApi()).residents.describeInvitation({ token });
  if (!invitation) notFound();
  const t = await getTranslations('InvitePage');
  const { place } = invitation;
  const placeText = place.kind === 'apartment' ? t('apartment', { building: place.building, number: place.number }) : t(place.role === 'admin' ? 'teamAdmin' : 'teamManager');
  return (
    <AuthFrame title={t('title')} description={t('invites', { organization: invitation.organizationName, place: placeText })}>
      <AcceptForm action={acceptInvitationAction.bind(null, token)} email={invitation.email} hasAccount={invitation.hasAccount} linkMinutes={INVITATION_LINK_TTL_MINUTES} />
    </AuthFrame>
  );
}
