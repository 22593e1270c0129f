/** The roles of the team; each names the message Settings.roles.<role>. */
export const TEAM_ROLES = ['manager', 'admin'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
