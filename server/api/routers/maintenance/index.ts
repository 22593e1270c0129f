import { z } from 'zod';
import { maintenanceStatusEnum } from '@/db/schema';
import { createMaintenanceRequest } from '@/server/services/maintenance/create-request';
import { listMaintenanceRequests, MAINTENANCE_SORTS } from '@/server/services/maintenance/list-requests';
import type { MaintenanceRequestView } from '@/server/services/maintenance/request-view';
import { updateMaintenanceStatus } from '@/server/services/maintenance/update-request-status';
import { one, page, PageQuery } from '../../envelope';
import { CreateMaintenanceRequestInput } from '../../schemas/maintenance';
import { authedProcedure, createRouter, managerProcedure } from '../../trpc';

const tags = ['maintenance'];
const Status = z.enum(maintenanceStatusEnum.enumValues);

export const MaintenanceRequestOutput = z.object({
  id: z.uuid(),
  buildingId: z.uuid(),
  apartmentId: z.uuid(),
  title: z.string(),
  description: z.string(),
  status: Status,
  createdBy: z.uuid().nullable(),
  photoIds: z.array(z.uuid()).meta({ description: 'Photos, served at GET /uploads/{id}.' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const out = (v: MaintenanceRequestView) => ({ ...v, createdAt: v.createdAt.toISOString(), updatedAt: v.updatedAt.toISOString() });

/** The list's filters and order, also those of GET /maintenance-requests/export. */
export const MaintenanceListQuery = z.object({
  buildingId: z.uuid().optional(),
  apartmentId: z.uuid().optional(),
  status: Status.optional(),
  q: z.string().max(200).optional().meta({ description: 'Searches the title and the description (contains, any case).' }),
  sort: z
    .enum(MAINTENANCE_SORTS)
    .optional()
    .meta({ description: '`createdAt`, `updatedAt` or `apartment` (by building, then apartment number), descending with a leading `-`; `-createdAt` (newest first) by default.' }),
});

export const maintenanceRouter = createRouter({
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/maintenance-requests',
        tags,
        summary: 'Report a maintenance problem',
        description: 'A resident for one of their apartments (a manager for any). Photos are uploaded first with POST /uploads. Starts `open`.',
        errorResponses: [404, 422],
      },
    })
    .input(CreateMaintenanceRequestInput)
    .output(one(MaintenanceRequestOutput))
    .mutation(async ({ ctx, input }) => ({ data: out(await createMaintenanceRequest({ ctx: ctx.svc, input })) })),

  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/maintenance-requests',
        tags,
        summary: 'List maintenance requests',
        description: 'Newest first unless `sort` says otherwise. Residents see their apartments\' requests. As CSV (managers): GET /maintenance-requests/export.',
      },
    })
    .input(PageQuery.extend(MaintenanceListQuery.shape))
    .output(page(MaintenanceRequestOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listMaintenanceRequests({ ctx: ctx.svc, input });
      return { data: items.map(out), nextCursor };
    }),

  updateStatus: managerProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/maintenance-requests/{id}',
        tags,
        summary: 'Change the status of a maintenance request',
        description: 'open → in_progress → resolved → closed, or open → closed; anything else 422. The reporter is told by email.',
        errorResponses: [422],
      },
    })
    .input(z.object({ id: z.uuid(), status: Status }))
    .output(one(MaintenanceRequestOutput))
    .mutation(async ({ ctx, input }) => ({ data: out(await updateMaintenanceStatus({ ctx: ctx.svc, input })) })),
});
