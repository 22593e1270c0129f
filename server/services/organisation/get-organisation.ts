import { MANAGERS, requireRole, type ServiceContext } from '../context';
import { type OrganisationView, organisationOf } from './organisation-view';

/** The caller's organisation; managers and admins. */
export async function getOrganisation({ ctx }: { ctx: ServiceContext }): Promise<OrganisationView> {
  requireRole(ctx, ...MANAGERS);
  return organisationOf(ctx.db, ctx.tenantId);
}
