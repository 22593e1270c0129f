import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type Outputs = inferRouterOutputs<AppRouter>['buildings'];

export type Building = Outputs['get']['data'];
export type Apartment = Outputs['listApartments']['data'][number];
export type ChargeRule = Building['chargeRules'][number];
export type ChargeBasis = ChargeRule['basis'];
export type MeterType = NonNullable<ChargeRule['meterType']>;
export type ChargePreview = Outputs['previewCharges'];
