'use server';

import { signOut } from '@/server/auth/next-auth';

/** Ends the browser session (its row is deleted) and returns to the sign-in page. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: '/sign-in' });
}
