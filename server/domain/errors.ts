/** One refused field of a 422: where (`periodEnd`, `chargeRules.2.unitPrice`) and why. */
export type FieldError = { path: string; message: string };
