import { z } from 'zod';
import { meterTypeEnum } from '@/db/schema';
import { createMeter } from '@/server/services/meters/create-meter';
import { deleteMeter } from '@/server/services/meters/delete-meter';
import { listMeters, METER_SORTS } from '@/server/services/meters/list-meters';
import type { MeterView } from '@/server/services/meters/meter-view';
import { updateMeter } from '@/server/services/meters/update-meter';
import { listReadingQueue } from '@/server/services/readings/list-reading-queue';
import { listReadings } from '@/server/services/readings/list-readings';
import type { ReadingView } from '@/server/services/readings/reading-view';
import { reviewReadings } from '@/server/services/readings/review-readings';
import { submitReading } from '@/server/services/readings/submit-reading';
import { ReadingValueInput } from '../../codecs';
import { one, page, PageQuery } from '../../envelope';
import { authedProcedure, createRouter, managerProcedure } from '../../trpc';
import { CreateMeterInput, UpdateMeterInput } from '../../schemas/meters';

const tags = ['meters'];
const MeterType = z.enum(meterTypeEnum.enumValues);

export const MeterOutput = z.object({
  id: z.uuid(),
  buildingId: z.uuid(),
  apartmentId: z.uuid().nullable().meta({ description: 'Null for a meter common to the building.' }),
  type: MeterType,
  serialNumber: z.string(),
  unit: z.string(),
  decimals: z.number().int().meta({ description: "Digits after the register's decimal mark." }),
  series: z.number().int().meta({ description: 'Raised each time the meter is marked replaced.' }),
  lastReading: z.object({ value: z.number(), readAt: z.iso.datetime() }).nullable().meta({ description: 'The last confirmed reading of the current series.' }),
});

export const ReadingOutput = z.object({
  id: z.uuid(),
  meterId: z.uuid(),
  value: z.number(),
  readAt: z.iso.datetime(),
  status: z.enum(['submitted', 'confirmed', 'rejected']),
  consumption: z.number().nullable().meta({ description: 'value − the previous confirmed value of the series; null for the first.' }),
  source: z.enum(['manual', 'ocr']),
  photoUrl: z.string().nullable(),
  submittedBy: z.uuid().nullable(),
  confirmedBy: z.uuid().nullable(),
  flag: z.string().nullable().meta({ description: 'Why a manager should look before confirming (unusually high consumption).' }),
});

const meterOut = (m: MeterView) => ({ ...m, lastReading: m.lastReading ? { value: m.lastReading.value, readAt: m.lastReading.readAt.toISOString() } : null });
const readingOut = (r: ReadingView) => ({ ...r, readAt: r.readAt.toISOString() });
const ReviewStatus = z.enum(['confirmed', 'rejected']);

/** The list's filters and order, also those of GET /meters/export. */
export const MeterListQuery = z.object({
  buildingId: z.uuid(),
  apartmentId: z.uuid().optional(),
  q: z.string().max(200).optional().meta({ description: 'Searches the serial number and the apartment number (contains, any case).' }),
  sort: z.enum(METER_SORTS).optional().meta({ description: '`apartment` (default: common meters first), `type` or `serialNumber`, descending with a leading `-`.' }),
});

export const metersRouter = createRouter({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/meters',
        tags,
        summary: 'List meters of a building',
        description:
          "`buildingId` is required (400 without it; another tenant's building 404). The building's common meters first, then by apartment number (2 before 10) and type, unless `sort` says otherwise; " +
          "`q` searches the serial number and the apartment number. Residents see their apartments' meters. As CSV: GET /meters/export.",
        errorResponses: [404],
      },
    })
    .input(PageQuery.extend(MeterListQuery.shape))
    .output(page(MeterOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listMeters({ ctx: ctx.svc, input });
      return { data: items.map(meterOut), nextCursor };
    }),

  create: managerProcedure
    .meta({ openapi: { method: 'POST', path: '/meters', tags, summary: 'Create a meter', description: 'Per apartment, or common to the building without apartmentId. The unit defaults from the type.', errorResponses: [404, 422] } })
    .input(CreateMeterInput)
    .output(one(MeterOutput))
    .mutation(async ({ ctx, input }) => ({ data: meterOut(await createMeter({ ctx: ctx.svc, input })) })),

  update: managerProcedure
    .meta({ openapi: { method: 'PATCH', path: '/meters/{id}', tags, summary: 'Update a meter', description: '`replaced: true` starts a new series: the next reading may be lower than the last.', errorResponses: [422] } })
    .input(UpdateMeterInput)
    .output(one(MeterOutput))
    .mutation(async ({ ctx, input }) => ({ data: meterOut(await updateMeter({ ctx: ctx.svc, input })) })),

  delete: managerProcedure
    .meta({ openapi: { method: 'DELETE', path: '/meters/{id}', tags, summary: 'Delete a meter', description: 'A meter set up by mistake, with its unconfirmed readings and their photos. With confirmed readings 409: mark a replaced meter `replaced` instead.', errorResponses: [409] } })
    .input(z.object({ id: z.uuid() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteMeter({ ctx: ctx.svc, input });
    }),

  submitReading: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/meters/{id}/readings',
        tags,
        summary: 'Submit a meter reading',
        description: 'A resident for their apartment\'s meters, a manager for any. A value below the last confirmed reading is 422 unless the meter was marked replaced.',
        errorResponses: [422],
      },
    })
    .input(z.object({ id: z.uuid(), value: ReadingValueInput, readAt: z.iso.datetime().optional(), source: z.enum(['manual', 'ocr']).optional(), photoId: z.uuid().optional() }))
    .output(one(ReadingOutput))
    .mutation(async ({ ctx, input }) => {
      const { id, ...rest } = input;
      return { data: readingOut(await submitReading({ ctx: ctx.svc, input: { ...rest, meterId: id } })) };
    }),

  listReadings: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/meters/{id}/readings', tags, summary: 'List readings of a meter', description: 'Newest first, with consumption.' } })
    .input(PageQuery.extend({ id: z.uuid() }))
    .output(page(ReadingOutput))
    .query(async ({ ctx, input }) => {
      const { items, nextCursor } = await listReadings({ ctx: ctx.svc, input: { meterId: input.id, limit: input.limit, cursor: input.cursor } });
      return { data: items.map(readingOut), nextCursor };
    }),

  reviewReading: managerProcedure
    .meta({ openapi: { method: 'PATCH', path: '/meters/{id}/readings/{readingId}', tags, summary: 'Confirm or reject a reading', description: 'Only submitted readings; confirming recomputes the consumption.', errorResponses: [422] } })
    .input(z.object({ id: z.uuid(), readingId: z.uuid(), status: ReviewStatus }))
    .output(one(ReadingOutput))
    .mutation(async ({ ctx, input }) => {
      const [view] = await reviewReadings({ ctx: ctx.svc, input: { meterId: input.id, readingIds: [input.readingId], status: input.status } });
      return { data: readingOut(view!) };
    }),

  reviewReadings: managerProcedure
    .meta({ openapi: { method: 'POST', path: '/readings/review', tags, summary: 'Confirm or reject readings in bulk', description: 'All or none: one reading that is not submitted makes the call 422; an unknown reading 404.', errorResponses: [404, 422] }, successStatus: 200 })
    .input(z.object({ readingIds: z.array(z.uuid()).min(1).max(500), status: ReviewStatus }))
    .output(one(z.array(ReadingOutput)))
    .mutation(async ({ ctx, input }) => ({ data: (await reviewReadings({ ctx: ctx.svc, input })).map(readingOut) })),

  queue: managerProcedure
    .input(z.object({ buildingId: z.uuid() }))
    .query(({ ctx, input }) => listReadingQueue({ ctx: ctx.svc, input })),
});
