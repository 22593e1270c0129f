import { createElement } from 'react';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { magicLinks, users } from '@/db/schema';
import { MagicLinkEmail, magicLinkSubject, mailLanguage } from '@/emails';
import { savedLocale } from '@/i18n/locales';
import { sha256 } from '@/server/auth/resolve-caller';
import { env } from '@/server/env';
import { sendMail } from '@/server/mail/send-mail';
import { homeTenantLocale } from '../organisation/tenant-locale';
import { newOpaqueToken } from './issue-session';
import { MAGIC_LINK_TTL_MINUTES } from '@/server/domain/link-tokens';


/**
 * POST /auth/magic-link: mails a single-use sign-in link to a known, enabled user, in their language. The caller
 * learns nothing either way: the answer is the same for unknown emails.
 */
export async function requestMagicLink({ db, now, input }: { db: Db; now: Date; input: { email: string } }): Promise<{ sent: true }> {
  const [user] = await db
    .select({ id: users.id, email: users.email, disabledAt: users.disabledAt, locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.trim().toLowerCase()}`);
  if (!user || user.disabledAt) return { sent: true };

  const token = newOpaqueToken('ml_');
  const [link] = await db
    .insert(magicLinks)
    .values({ userId: user.id, tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MINUTES * 60_000) })
    .returning({ id: magicLinks.id });
  const language = await mailLanguage(savedLocale(user.locale, await homeTenantLocale(db, user.id)));
  await sendMail({
    to: user.email,
    subject: magicLinkSubject(language.t),
    react: createElement(MagicLinkEmail, { ...language, url: `${env.APP_URL}/magic-link/${token}`, expiresInMinutes: MAGIC_LINK_TTL_MINUTES }),
    idempotencyKey: `magic-link:${link!.id}`,
  });
  return { sent: true };
}
