'use server';

import { headers } from 'next/headers';
import { AuthError } from 'next-auth';
import { getDb } from '@/db/client';
import { clientIp } from '@/server/api/http';
import { signIn } from '@/server/auth/next-auth';
import { env } from '@/server/env';
import { consume, refund } from '@/server/rate-limit';
import { ServiceError, ValidationError } from '@/server/services/errors';
import { acceptInvitation } from '@/server/services/invitations/accept-invitation';
import { describeInvitation } from '@/server/services/invitations/describe-invitation';

export type AcceptState = { error?: string; fieldErrors?: Record<string, string> };

/** Accepts the invitation, then signs the person in to the web app with the same password. */
export async function acceptInvitationAction(token: string, _prev: AcceptState, formData: FormData): Promise<AcceptState> {
  const keys = [`ip:${clientIp(await headers(), env.TRUST_PROXY)}`];
  if ((await consume('invitationAccept', keys)).exceeded) return { error: 'Too many attempts. Wait a few minutes and try again.' };
  const db = getDb();
  const summary = await describeInvitation({ db, now: new Date(), token });
  const name = String(formData.get('name') ?? '');
  const password = String(formData.get('password') ?? '');
  try {
    await acceptInvitation({ db, now: new Date(), input: { token, name, password } });
  } catch (err) {
    if (err instanceof ValidationError) return { fieldErrors: Object.fromEntries(err.errors.map((e) => [e.path, e.message])) };
    if (err instanceof ServiceError) return { error: 'This invitation is not valid any more: it was used, cancelled or it expired.' };
    throw err;
  }
  await refund('invitationAccept', keys);
  try {
    await signIn('password', { email: summary?.email, password, redirectTo: '/' });
  } catch (err) {
    if (err instanceof AuthError) return { error: 'You have joined. Sign in to continue.' };
    throw err; // the redirect after signing in
  }
  return {};
}
