export const TEAM_ROLES = [
  { value: 'manager', label: 'Manager', description: 'Runs buildings, invoices, payments and residents.' },
  { value: 'admin', label: 'Admin', description: 'Also changes the organisation’s details and its team.' },
] as const;
export type TeamRole = (typeof TEAM_ROLES)[number]['value'];
export const ROLE_LABEL: Record<TeamRole, string> = { manager: 'Manager', admin: 'Admin' };
