import { apiKeys } from '@/db/schema';
import { sha256 } from '@/server/auth/resolve-caller';
import { writeAudit } from '../audit/write-audit';
import { newOpaqueToken } from '../auth/issue-session';
import { MANAGERS, requireRole, type ServiceContext } from '../context';

export type ApiKeyView = { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null };

/** A new key for the tenant: the whole key is returned this once; only its hash is kept. */
export async function createApiKey({ ctx, input }: { ctx: ServiceContext; input: { name: string } }): Promise<ApiKeyView & { key: string }> {
  requireRole(ctx, ...MANAGERS);
  const key = newOpaqueToken('pbk_');
  const prefix = key.slice(0, 12);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ tenantId: ctx.tenantId, createdBy: ctx.userId, name: input.name, prefix, keyHash: sha256(key), createdAt: ctx.now })
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt });
    await writeAudit(tx, ctx, { action: 'api_key.create', entityId: row!.id, after: { name: row!.name, prefix } });
    return { ...row!, key };
  });
}
