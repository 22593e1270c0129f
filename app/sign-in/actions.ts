'use server';

import { AuthError } from 'next-auth';
import { getDb } from '@/db/client';
import { signIn } from '@/server/auth/next-auth';
import { consume } from '@/server/rate-limit';
import { requestMagicLink as sendMagicLink } from '@/server/services/auth/request-magic-link';

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
  if ((await consume('magicLink', [`email:${email.toLowerCase()}`])).exceeded) {
    return { error: 'Too many links requested. Wait a few minutes and try again.' };
  }
  await sendMagicLink({ db: getDb(), now: new Date(), input: { email } });
  return { sent: true };
}
