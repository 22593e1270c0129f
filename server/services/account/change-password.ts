import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from '@/server/auth/password';
import { writeAudit } from '../audit/write-audit';
import type { ServiceContext } from '../context';
import { ForbiddenError, ValidationError } from '../errors';
import { endOtherSessions } from './sign-out-other-sessions';
import { fieldIssue } from '@/server/domain/errors';

/** Sets a new password after checking the current one; every other session of the user ends. */
export async function changePassword({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { currentPassword: string; newPassword: string; webSessionToken: string | null; authSessionId: string | null };
}): Promise<void> {
  if (!ctx.userId) throw new ForbiddenError('Only a signed-in person has a password');
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError([fieldIssue.tooShort('newPassword', MIN_PASSWORD_LENGTH)]);
  }
  const [me] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId));
  if (!me?.passwordHash || !(await verifyPassword(input.currentPassword, me.passwordHash))) {
    throw new ForbiddenError('The current password is not correct');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, ctx.userId!));
    await endOtherSessions(tx, ctx, input);
    await writeAudit(tx, ctx, { action: 'user.change_password', entityId: ctx.userId });
  });
}
