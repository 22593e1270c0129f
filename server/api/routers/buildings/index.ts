import { z } from 'zod';
import { createApartment } from '@/server/services/apartments/create-apartment';
import { deleteApartment } from '@/server/services/apartments/delete-apartment';
import { APARTMENT_SORTS, listApartments } from '@/server/services/apartments/list-apartments';
import { updateApartment } from '@/server/services/apartments/update-apartment';
import { createBuilding } from '@/server/services/buildings/create-building';
import { deleteBuilding } from '@/server/services/buildings/delete-building';
import { getBuilding } from '@/server/services/buildings/get-building';
import { listBuildings } from '@/server/services/buildings/list-buildings';
import { previewCharges } from '@/server/services/buildings/preview-charges';
import { updateBuilding } from '@/server/services/buildings/update-building';
import { one, page, PageQuery } from '../../envelope';
import { createRouter, managerProcedure } from '../../trpc';
import {
  ApartmentOutput,
  BuildingOutput,
  ChargeRuleInput,
  CreateApartmentInput,
  CreateBuildingInput,
  UpdateApartmentInput,
  UpdateBuildingInput,
} from '../../schemas/buildings';

const tags = ['buildings'];

/** A building's apartments list: its filters and order, also those of GET /buildings/{id}/apartments/export. */
export const ApartmentListQuery = z.object({
  id: z.uuid(),
  q: z.string().max(50).optional(),
  sort: z.enum(APARTMENT_SORTS).optional().meta({ description: '`number` (default) or `area`, descending with a leading `-`.' }),
});

function iso<T extends { createdAt: Date; updatedAt?: Date }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), ...(row.updatedAt ? { updatedAt: row.updatedAt.toISOString() } : {}) };
}

export const buildingsRouter = createRouter({
  list: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/buildings', tags, summary: 'List buildings', description: 'Buildings of the tenant by name; `q` searches the name.' } })
    .input(PageQuery.extend({ q: z.string().max(200).optional() }))
    .output(page(BuildingOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listBuildings({ ctx: ctx.svc, input });
      return { data: items.map(iso), nextCursor };
    }),

  create: managerProcedure
    .meta({ openapi: { method: 'POST', path: '/buildings', tags, summary: 'Create a building', description: 'Requires name and address; billing settings have defaults.', errorResponses: [422] } })
    .input(CreateBuildingInput)
    .output(one(BuildingOutput))
    .mutation(async ({ ctx, input }) => ({ data: iso(await createBuilding({ ctx: ctx.svc, input })) })),

  get: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/buildings/{id}', tags, summary: 'Get a building', description: 'With its billing settings and apartment count.' } })
    .input(z.object({ id: z.uuid() }))
    .output(one(BuildingOutput))
    .query(async ({ ctx, input }) => ({ data: iso(await getBuilding({ ctx: ctx.svc, input })) })),

  update: managerProcedure
    .meta({ openapi: { method: 'PATCH', path: '/buildings/{id}', tags, summary: 'Update a building', description: 'Changes the given fields; `chargeRules` replaces the whole list.', errorResponses: [422] } })
    .input(UpdateBuildingInput)
    .output(one(BuildingOutput))
    .mutation(async ({ ctx, input }) => ({ data: iso(await updateBuilding({ ctx: ctx.svc, input })) })),

  delete: managerProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/buildings/{id}',
        tags,
        summary: 'Delete a building',
        description: 'Send `{"password": "..."}` of the caller in the body: missing 400, wrong 403. Deletes its apartments and meters.',
        errorResponses: [409],
      },
    })
    .input(z.object({ id: z.uuid(), password: z.string().max(1000) }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteBuilding({ ctx: ctx.svc, input });
    }),

  previewCharges: managerProcedure
    .input(z.object({ buildingId: z.uuid(), chargeRules: z.array(ChargeRuleInput).max(50).optional() }))
    .query(({ ctx, input }) => previewCharges({ ctx: ctx.svc, input })),

  listApartments: managerProcedure
    .meta({ openapi: { method: 'GET', path: '/buildings/{id}/apartments', tags, summary: 'List apartments of a building', description: 'By apartment number (numbers as numbers: 2 before 10, 12 before 12a) unless `sort` says otherwise; `q` searches the number. As CSV: GET /buildings/{id}/apartments/export.' } })
    .input(PageQuery.extend(ApartmentListQuery.shape))
    .output(page(ApartmentOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listApartments({ ctx: ctx.svc, input: { ...input, buildingId: input.id } });
      return { data: items.map(iso), nextCursor };
    }),

  createApartment: managerProcedure
    .meta({ openapi: { method: 'POST', path: '/buildings/{id}/apartments', tags, summary: 'Create an apartment', description: 'A number that exists in the building gives 409.', errorResponses: [409, 422] } })
    .input(CreateApartmentInput)
    .output(one(ApartmentOutput))
    .mutation(async ({ ctx, input }) => {
      const { id, ...rest } = input;
      return { data: iso(await createApartment({ ctx: ctx.svc, input: { ...rest, buildingId: id } })) };
    }),

  updateApartment: managerProcedure
    .meta({ openapi: { method: 'PATCH', path: '/buildings/{id}/apartments/{aptId}', tags, summary: 'Update an apartment', description: 'Changes the given fields.', errorResponses: [409, 422] } })
    .input(UpdateApartmentInput)
    .output(one(ApartmentOutput))
    .mutation(async ({ ctx, input }) => {
      const { id, aptId, ...rest } = input;
      return { data: iso(await updateApartment({ ctx: ctx.svc, input: { ...rest, buildingId: id, id: aptId } })) };
    }),

  deleteApartment: managerProcedure
    .meta({ openapi: { method: 'DELETE', path: '/buildings/{id}/apartments/{aptId}', tags, summary: 'Delete an apartment', description: 'Deletes the apartment with its meters. One with invoices that are not void is 409.', errorResponses: [409] } })
    .input(z.object({ id: z.uuid(), aptId: z.uuid() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteApartment({ ctx: ctx.svc, input: { buildingId: input.id, id: input.aptId } });
    }),
});
