import { pgEnum } from 'drizzle-orm/pg-core';

export const meterTypeEnum = pgEnum('meter_type', ['cold_water', 'hot_water', 'heating', 'electricity', 'gas']);
export type MeterType = (typeof meterTypeEnum.enumValues)[number];
