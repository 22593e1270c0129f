import { describe, expect, it } from 'vitest';
import { getDb, rawQuery } from '@/db/client';
import { makeTenant } from '@/test/factories';
import { consumeMagicLink } from './consume-magic-link';
import { requestMagicLink } from './request-magic-link';

async function linkTokenFor(email: string): Promise<string> {
  const { rows } = await rawQuery(`select text from mail_messages where $1 = any("to") order by created_at desc limit 1`, [email]);
  return String(rows[0]!.text).match(/magic-link\/(ml_[\w-]+)/)![1]!;
}

describe('magic links', () => {
  it('sign in once, within 15 minutes (moved clock)', async () => {
    const t = await makeTenant();
    const db = getDb();
    const issued = new Date();
    await requestMagicLink({ db, now: issued, input: { email: t.resident.email } });
    const token = await linkTokenFor(t.resident.email);
    const sixteenMinutesLater = new Date(issued.getTime() + 16 * 60_000);
    expect(await consumeMagicLink({ db, now: sixteenMinutesLater, token })).toBeNull();

    await requestMagicLink({ db, now: issued, input: { email: t.resident.email } });
    const fresh = await linkTokenFor(t.resident.email);
    const fourteenMinutesLater = new Date(issued.getTime() + 14 * 60_000);
    expect(await consumeMagicLink({ db, now: fourteenMinutesLater, token: fresh })).toMatchObject({ id: t.resident.userId });
    expect(await consumeMagicLink({ db, now: fourteenMinutesLater, token: fresh })).toBeNull();
    expect(await consumeMagicLink({ db, now: issued, token: 'ml_made-up' })).toBeNull();
  });
});
