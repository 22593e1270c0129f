/**
 * One refused field of a 422: where (`periodEnd`, `chargeRules.2.unitPrice`) and why. The REST answer carries
 * {path, message} (API.md); `code` and `params` go to the web app only, which words the reason in its reader's
 * language by them (a zod issue's code and limits, or one of ours such as `belowLastReading`).
 */
export type FieldError = { path: string; message: string; code?: string; params?: Record<string, string | number | boolean> };
