'use server';

import { AuthError } from 'next-auth';
import { getLocale, getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/locales';
import { fieldErrorText } from '@/lib/trpc/errors';
import { failureOf, serverApi } from '@/server/api/server-caller';
import { signIn } from '@/server/auth/next-auth';

/** `name` is what was typed, given back so the form (reset after each submission) keeps it. */
export type AcceptState = { error?: string; fieldErrors?: Record<string, string>; linkSentTo?: string; name?: string };

/** A refused call as the form shows it, in the reader's language: field errors of a 422, else one message. */
async function refusal(err: unknown, tooMany: 'linksLimited' | 'rateLimited'): Promise<AcceptState> {
  const { code, fieldErrors } = failureOf(err);
  if (code === 'TOO_MANY_REQUESTS') return { error: (await getTranslations('SignIn'))(`errors.${tooMany}`) };
  if (fieldErrors.length) {
    const words = { errors: await getTranslations('Errors'), fields: await getTranslations('FieldErrors') };
    return { fieldErrors: Object.fromEntries(fieldErrors.map((e) => [e.path, fieldErrorText(e, words)])) };
  }
  return { error: (await getTranslations('InvitePage'))('notValidShort') };
}

/**
 * The invitation form: with a password, accepts and signs the person in at once; with the
 * "magic link" button (`intent=magic-link`), mails a link that accepts and signs in when opened.
 * Both go through the procedures of POST /invitations/accept and the magic link, with their limits.
 */
export async function acceptInvitationAction(token: string, prev: AcceptState, formData: FormData): Promise<AcceptState> {
  const api = await serverApi();
  const name = String(formData.get('name') ?? '');
  if (formData.get('intent') === 'magic-link') {
    try {
      // The mail in the language the page is read in.
      const locale = await getLocale();
      const { email } = await api.residents.emailInvitationLink({ token, name, locale: isLocale(locale) ? locale : undefined });
      return { linkSentTo: email, name };
    } catch (err) {
      const state = await refusal(err, 'linksLimited');
      return state.fieldErrors ? { ...state, linkSentTo: prev.linkSentTo, name } : state;
    }
  }
  const password = String(formData.get('password') ?? '');
  const summary = await api.residents.describeInvitation({ token });
  try {
    await api.residents.acceptInvitation({ token, name, password });
  } catch (err) {
    const state = await refusal(err, 'rateLimited');
    return state.fieldErrors ? { ...state, name } : state;
  }
  const tenantId = summary?.tenantId;
  try {
    // Into the invitation's tenant, even for a person who already belongs to another one.
    await signIn('password', { email: summary?.email, password, tenantId, redirectTo: '/' });
  } catch (err) {
    if (err instanceof AuthError) return { error: (await getTranslations('InvitePage'))('joined') };
    throw err; // the redirect after signing in
  }
  return {};
}
