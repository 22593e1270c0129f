import { redirect } from 'next/navigation';
import { getCurrentUser, homeFor } from '@/server/auth/current-user';

export const dynamic = 'force-dynamic';

/** Managers land on the dashboard, residents in the portal, everyone else on sign-in. */
export default async function HomePage() {
  const user = await getCurrentUser();
  redirect(user ? homeFor(user.role) : '/sign-in');
}
