import type { DbExecutor } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { ServiceContext } from '../context';

// Keys whose values never reach the audit log, at any depth.
const SECRET_KEY = /(password|secret|token|hash|^key$|apikey)/i;

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEY.test(k))
        .map(([k, v]) => [k, redactSecrets(v)]),
    );
  }
  return value;
}

export type AuditEntry = {
  /** `entity.verb`, e.g. `building.create`. */
  action: `${string}.${string}`;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one audit row; call it with the transaction of the mutation it records. */
export async function writeAudit(tx: DbExecutor, ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    tenantId: ctx.tenantId,
    actorUserId: ctx.userId,
    action: entry.action,
    entityType: entry.action.split('.')[0] ?? entry.action,
    entityId: entry.entityId,
    before: entry.before === undefined ? null : redactSecrets(entry.before),
    after: entry.after === undefined ? null : redactSecrets(entry.after),
    requestId: ctx.requestId,
    createdAt: ctx.now,
  });
}
