import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { memberships, tenants, users } from '@/db/schema';
import { hashPassword, MIN_PASSWORD_LENGTH } from '@/server/auth/password';
import { writeAudit } from '../audit/write-audit';
import { ValidationError } from '../errors';
import { z } from 'zod';
import { fieldIssue } from '@/server/domain/errors';

export const CreateTenantInput = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  password: z.string().max(1000),
  userName: z.string().trim().max(200).optional(),
});
export type CreateTenantInput = z.infer<typeof CreateTenantInput>;

/**
 * Creates a tenant and its admin. Called by the command line (there is no public sign-up).
 * An existing account with the email becomes the admin of the new tenant (a user may belong to several).
 */
export async function createTenant({ db, now, input }: { db: Db; now: Date; input: CreateTenantInput }) {
  const parsed = CreateTenantInput.parse(input);
  if (parsed.password.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError([fieldIssue.tooShort('password', MIN_PASSWORD_LENGTH)]);
  }
  const email = parsed.email.toLowerCase();
  const passwordHash = await hashPassword(parsed.password);
  return db.transaction(async (tx) => {
    const [tenant] = await tx.insert(tenants).values({ name: parsed.name, createdAt: now }).returning();
    const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    let user = existing;
    if (!user) {
      [user] = await tx.insert(users).values({ email, name: parsed.userName ?? null, passwordHash, createdAt: now }).returning();
    }
    if (!user) throw new Error('user insert returned nothing');
    await tx.insert(memberships).values({ tenantId: tenant!.id, userId: user.id, role: 'admin', createdAt: now });
    const ctx = { tenantId: tenant!.id, userId: user.id, role: 'admin' as const, now, requestId: 'cli', db };
    await writeAudit(tx, ctx, { action: 'tenant.create', entityId: tenant!.id, after: { name: tenant!.name, adminEmail: email } });
    return { tenantId: tenant!.id, userId: user.id };
  });
}
