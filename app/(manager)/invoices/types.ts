import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/api/root';

type Outputs = inferRouterOutputs<AppRouter>['invoices'];
type Inputs = inferRouterInputs<AppRouter>['invoices'];

export type Invoice = Outputs['get']['data'];
export type InvoiceStatus = Invoice['status'];
export type InvoiceTotals = Outputs['totals']['data'];
export type GenerationPreview = NonNullable<Outputs['previewGeneration']['buildings'][number]['preview']>;
export type InvoiceListFilters = Inputs['totals'];
export type Payment = inferRouterOutputs<AppRouter>['payments']['list']['data'][number];
export type Reminder = Outputs['reminders']['data'][number];
