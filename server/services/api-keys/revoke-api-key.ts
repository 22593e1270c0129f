import { and, eq, isNull } from 'drizzle-orm';
import { afterCommit } from '@/db/client';
import { apiKeys } from '@/db/schema';
import { forgetApiKey } from '@/server/auth/api-key-cache';
import { writeAudit } from '../audit/write-audit';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { apiKeyScope } from '../scopes';

/** Revokes a key of the tenant: it stops working at once. */
export async function revokeApiKey({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<void> {
  requireRole(ctx, ...MANAGERS);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: ctx.now })
      .where(and(apiKeyScope(ctx), eq(apiKeys.id, input.id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
    if (!row) throw new NotFoundError('API key');
    await writeAudit(tx, ctx, { action: 'api_key.revoke', entityId: row.id, before: { name: row.name, prefix: row.prefix } });
    // Forgotten before the commit as well as after it: no request can cache the key in between.
    forgetApiKey(row.id);
    afterCommit(tx, () => forgetApiKey(row.id));
  });
}
