import { and, desc, isNull } from 'drizzle-orm';
import { apiKeys } from '@/db/schema';
import { MANAGERS, requireRole, type ServiceContext } from '../context';
import type { ApiKeyView } from './create-api-key';
import { apiKeyScope } from '../scopes';

/** The tenant's keys that are not revoked, newest first. */
export async function listApiKeys({ ctx }: { ctx: ServiceContext }): Promise<ApiKeyView[]> {
  requireRole(ctx, ...MANAGERS);
  return ctx.db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(apiKeyScope(ctx), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}
