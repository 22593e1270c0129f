import { env } from '@/server/env';

export type PolicyName = 'login' | 'magicLink' | 'invitationAccept' | 'api' | 'banklinkCallback';
export type Policy = { name: PolicyName; points: number; durationSeconds: number };

/** The named limits of API.md (Operations); the numbers are overridable by environment. */
export function policies(): Record<PolicyName, Policy> {
  return {
    login: { name: 'login', points: env.RATE_LIMIT_AUTH, durationSeconds: 15 * 60 },
    magicLink: { name: 'magicLink', points: env.RATE_LIMIT_AUTH, durationSeconds: 15 * 60 },
    invitationAccept: { name: 'invitationAccept', points: env.RATE_LIMIT_AUTH, durationSeconds: 15 * 60 },
    api: { name: 'api', points: env.RATE_LIMIT_API, durationSeconds: 60 },
    // Refused bank answers per address (a bad signature, an unknown payment): a bank's good answers do not count.
    banklinkCallback: { name: 'banklinkCallback', points: env.RATE_LIMIT_BANKLINK_CALLBACK, durationSeconds: 60 },
  };
}
