'use server';

import { AuthError } from 'next-auth';
import { failureOf, serverApi } from '@/server/api/server-caller';
import { signIn } from '@/server/auth/next-auth';

/** Why a sign-in was refused, as the form's messages name it (messages/*.json, SignIn.errors). */
export type SignInError = 'invalid' | 'rateLimited' | 'emailMissing' | 'linksLimited' | 'badEmail';

export async function signInWithPassword(formData: FormData): Promise<{ error?: SignInError }> {
  try {
    // Lands on `/`, which sends managers to the dashboard and residents to the portal.
    await signIn('password', { email: formData.get('email'), password: formData.get('password'), redirectTo: '/' });
  } catch (err) {
    if (err instanceof AuthError) {
      const limited = (err as AuthError & { code?: string }).code === 'rate_limited';
      return { error: limited ? 'rateLimited' : 'invalid' };
    }
    throw err; // the redirect after a successful sign-in
  }
  return {};
}

export async function requestMagicLink(formData: FormData): Promise<{ error?: SignInError; sent?: boolean }> {
  const email = String(formData.get('email') ?? '').trim();
  if (!email) return { error: 'emailMissing' };
  try {
    // POST /auth/magic-link's procedure: the same budget per email and per IP.
    await (await serverApi()).auth.requestMagicLink({ email });
  } catch (err) {
    const { code } = failureOf(err);
    if (code === 'TOO_MANY_REQUESTS') return { error: 'linksLimited' };
    return { error: 'badEmail' };
  }
  return { sent: true };
}
