import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { auditLog, authSessions, webSessions } from '@/db/schema';
import { createRestHandler } from '@/server/api/rest-adapter';
import { appRouter } from '@/server/api/root';
import { verifyCredentials } from '@/server/services/auth/verify-credentials';
import { bearerFor, makeTenant, serviceContext, TEST_PASSWORD } from '@/test/factories';
import { changePassword } from './change-password';
import { signOutOtherSessions } from './sign-out-other-sessions';

const rest = createRestHandler(appRouter);

async function webSession(userId: string, tenantId: string, token: string) {
  await getDb().insert(webSessions).values({ sessionToken: token, userId, tenantId, expires: new Date(Date.now() + 86400_000) });
}

describe('account', () => {
  it('changes the password: wrong current one 403, short new one 422, then only the current session survives', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const otherBearer = await bearerFor(t.tenantId, t.manager);
    await webSession(t.manager.userId, t.tenantId, `web-current-${ctx.requestId}`);
    await webSession(t.manager.userId, t.tenantId, `web-other-${ctx.requestId}`);
    const keep = { webSessionToken: `web-current-${ctx.requestId}`, authSessionId: null };

    await expect(changePassword({ ctx, input: { currentPassword: 'nope-nope-nope', newPassword: 'a brand new secret', ...keep } })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(changePassword({ ctx, input: { currentPassword: TEST_PASSWORD, newPassword: 'short', ...keep } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

    await changePassword({ ctx, input: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new secret', ...keep } });
    expect(await verifyCredentials(getDb(), t.manager.email, TEST_PASSWORD)).toBeNull();
    expect(await verifyCredentials(getDb(), t.manager.email, 'a brand new secret')).toMatchObject({ id: t.manager.userId });
    const sessions = await getDb().select().from(webSessions).where(eq(webSessions.userId, t.manager.userId));
    expect(sessions.map((s) => s.sessionToken)).toEqual([keep.webSessionToken]);
    expect((await rest(new Request('http://localhost/api/api-keys', { headers: { authorization: otherBearer } }))).status).toBe(401);
    const audit = await getDb().select().from(auditLog).where(eq(auditLog.requestId, ctx.requestId));
    expect(audit.map((a) => a.action)).toEqual(['user.change_password']);
    expect(JSON.stringify(audit)).not.toContain('brand new');
  });

  it('signs out the other sessions and keeps the current API session', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.admin);
    await bearerFor(t.tenantId, t.admin);
    await bearerFor(t.tenantId, t.admin);
    const [current] = await getDb().select().from(authSessions).where(eq(authSessions.userId, t.admin.userId)).limit(1);
    await webSession(t.admin.userId, t.tenantId, `web-x-${ctx.requestId}`);
    await signOutOtherSessions({ ctx, input: { webSessionToken: null, authSessionId: current!.id } });
    const rows = await getDb().select().from(authSessions).where(eq(authSessions.userId, t.admin.userId));
    expect(rows.filter((r) => r.revokedAt === null).map((r) => r.id)).toEqual([current!.id]);
    expect(await getDb().select().from(webSessions).where(eq(webSessions.userId, t.admin.userId))).toEqual([]);
  });
});
