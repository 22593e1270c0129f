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
import { emailInvitationLink } from '@/server/services/invitations/email-invitation-link';

/** `name` is what was typed, given back so the form (reset after each submission) keeps it. */
export type AcceptState = { error?: string; fieldErrors?: Record<string, string>; linkSentTo?: string; name?: string };

const NOT_VALID = 'This invitation is not valid any more: it was used, cancelled or it expired.';

function fieldErrorsOf(err: ValidationError): AcceptState {
  return { fieldErrors: Object.fromEntries(err.errors.map((e) => [e.path, e.message])) };
}

/**
 * The invitation form: with a password, accepts and signs the person in at once; with the
 * "magic link" button (`intent=magic-link`), mails a link that accepts and signs in when opened.
 */
export async function acceptInvitationAction(token: string, prev: AcceptState, formData: FormData): Promise<AcceptState> {
  if (formData.get('intent') === 'magic-link') return sendInvitationLink(token, prev, formData);
  const keys = [`ip:${clientIp(await headers(), env.TRUST_PROXY)}`];
  if ((await consume('invitationAccept', keys)).exceeded) return { error: 'Too many attempts. Wait a few minutes and try again.' };
  const db = getDb();
  const summary = await describeInvitation({ db, now: new Date(), token });
  const name = String(formData.get('name') ?? '');
  const password = String(formData.get('password') ?? '');
  let tenantId: string;
  try {
    ({ tenantId } = await acceptInvitation({ db, now: new Date(), input: { token, name, password } }));
  } catch (err) {
    if (err instanceof ValidationError) return { ...fieldErrorsOf(err), name };
    if (err instanceof ServiceError) return { error: NOT_VALID };
    throw err;
  }
  await refund('invitationAccept', keys);
  try {
    // Into the invitation's tenant, even for a person who already belongs to another one.
    await signIn('password', { email: summary?.email, password, tenantId, redirectTo: '/' });
  } catch (err) {
    if (err instanceof AuthError) return { error: 'You have joined. Sign in to continue.' };
    throw err; // the redirect after signing in
  }
  return {};
}

async function sendInvitationLink(token: string, prev: AcceptState, formData: FormData): Promise<AcceptState> {
  const db = getDb();
  const summary = await describeInvitation({ db, now: new Date(), token });
  if (!summary) return { error: NOT_VALID };
  const keys = [`ip:${clientIp(await headers(), env.TRUST_PROXY)}`, `email:${summary.email}`];
  if ((await consume('magicLink', keys)).exceeded) return { error: 'Too many links requested. Wait a few minutes and try again.' };
  const name = String(formData.get('name') ?? '');
  try {
    const { email } = await emailInvitationLink({ db, now: new Date(), input: { token, name } });
    return { linkSentTo: email, name };
  } catch (err) {
    if (err instanceof ValidationError) return { ...fieldErrorsOf(err), linkSentTo: prev.linkSentTo, name };
    if (err instanceof ServiceError) return { error: NOT_VALID };
    throw err;
  }
}
