'use server';

import { AuthError } from 'next-auth';
import { failureOf, serverApi } from '@/server/api/server-caller';
import { signIn } from '@/server/auth/next-auth';

export async function signInWithPassword(formData: FormData): Promise<{ error?: string }> {
  try {
    // Lands on `/`, which sends managers to the dashboard and residents to the portal.
    await signIn('password', { email: formData.get('email'), password: formData.get('password'), redirectTo: '/' });
  } catch (err) {
    if (err instanceof AuthError) {
      const limited = (err as AuthError & { code?: string }).code === 'rate_limited';
      return { error: limited ? 'Too many attempts. Wait a few minutes and try again.' : 'Invalid email or password.' };
    }
    throw err; // the redirect after a successful sign-in
  }
  return {};
}

export async function requestMagicLink(formData: FormData): Promise<{ error?: string; sent?: boolean }> {
  const email = String(formData.get('email') ?? '').trim();
  if (!email) return { error: 'Enter your email address.' };
  try {
    // POST /auth/magic-link's procedure: the same budget per email and per IP.
    await (await serverApi()).auth.requestMagicLink({ email });
  } catch (err) {
    const { code } = failureOf(err);
    if (code === 'TOO_MANY_REQUESTS') return { error: 'Too many links requested. Wait a few minutes and try again.' };
    return { error: 'Check the email address and try again.' };
  }
  return { sent: true };
}
