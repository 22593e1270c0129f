import type { Role } from '@/db/schema';

/** Where a role lands after signing in or switching tenants. */
export function homeFor(role: Role): string {
  return role === 'resident' ? '/portal' : '/dashboard';
}
