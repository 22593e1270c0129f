import { z } from 'zod';

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export const IsoDate = z.iso.date().meta({ description: 'A date YYYY-MM-DD.' });

// Ranges the database can hold; the services check the decimals (2 for money, 4 for prices, 3 for readings).
/** An amount of money in a request: below 1e11 either way. */
export const MoneyInput = z.number().gt(-1e11).lt(1e11);
/** A price per unit or a rate: below 1e9 either way. */
export const UnitPriceInput = z.number().gt(-1e9).lt(1e9);
/** A meter register's value: what numeric(14, 3) holds. */
export const ReadingValueInput = z.number().gt(-1e11).lt(1e11);
