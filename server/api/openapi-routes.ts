/**
 * REST routes served by route handlers rather than tRPC procedures (multipart uploads, raw CSV/XML
 * bodies, binary answers). They are described here, in one place, so /api/openapi.json lists every route.
 */
import { z } from 'zod';
import { BankEntryOutput } from './routers/bank-statements';
import { InvoiceListQuery } from './routers/invoices';
import { EInvoiceExportQuery } from './routers/invoices/e-invoice-export';
import { ReadingsExportQuery } from './routers/meters/readings-export';
import { PaymentListQuery, PaymentOutput } from './routers/payments';
import { INVOICE_EXPORT_HEADER } from '../services/invoices/export-invoices';
import { PAYMENT_EXPORT_HEADER } from '../services/payments/export-payments';
import { READING_EXPORT_HEADER } from '../services/readings/export-readings';
import { APARTMENT_EXPORT_HEADER } from '../services/apartments/export-apartments';
import { MAINTENANCE_EXPORT_HEADER } from '../services/maintenance/export-requests';
import { METER_EXPORT_HEADER } from '../services/meters/export-meters';
import { RESIDENT_EXPORT_HEADER } from '../services/residents/export-residents';
import { ApartmentListQuery } from './routers/buildings';
import { MaintenanceListQuery } from './routers/maintenance';
import { MeterListQuery } from './routers/meters';
import { ResidentListQuery } from './routers/residents';

export type HandlerRoute = {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  path: string;
  operation: Record<string, unknown> & { summary: string; tags: string[]; responses: Record<string, unknown> };
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const requestIdHeader = { 'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' } };
const uuidPath = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string', format: 'uuid' } });

/** The error answers of a filtered download (CSV, XML) for managers. */
const exportErrors = {
  400: ref('BadRequest'),
  401: ref('Unauthorized'),
  403: ref('Forbidden'),
  404: ref('NotFound'),
  422: ref('ValidationFailed'),
  429: ref('RateLimited'),
  500: ref('InternalError'),
};

/** The error answers every authenticated upload shares. */
const uploadErrors = {
  400: ref('BadRequest'),
  401: ref('Unauthorized'),
  403: ref('Forbidden'),
  404: ref('NotFound'),
  413: ref('PayloadTooLarge'),
  415: ref('UnsupportedMediaType'),
  422: ref('ValidationFailed'),
  429: ref('RateLimited'),
  500: ref('InternalError'),
};

const uploadOutput = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['id', 'contentType', 'size'],
      properties: { id: { type: 'string', format: 'uuid' }, contentType: { type: 'string', enum: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] }, size: { type: 'integer' } },
    },
  },
};

/** A zod output schema of the tRPC routers as plain JSON Schema, so raw routes describe the same objects. */
const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  return rest;
};

const statementImportOutput = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['statementId', 'format', 'entries', 'skipped', 'matched', 'unmatched', 'duplicates', 'payments', 'unmatchedEntries'],
      properties: {
        statementId: { type: 'string', format: 'uuid' },
        format: { type: 'string', enum: ['camt.052', 'camt.053', 'camt.054', 'csv', 'csv-swedbank', 'csv-seb', 'csv-lhv'] },
        entries: { type: 'integer', description: 'Credit entries in the file.' },
        skipped: { type: 'integer', description: 'Debits and entries the bank has not booked: counted and ignored.' },
        matched: { type: 'integer', description: 'New entries booked by reference number or invoice number.' },
        unmatched: { type: 'integer', description: 'New entries left in the queue (with or without a suggestion).' },
        duplicates: { type: 'integer', description: 'Entries imported before (same account IBAN and bank entry id): nothing booked again.' },
        payments: { type: 'array', description: 'The payments booked by this import.', items: jsonSchemaOf(PaymentOutput) },
        unmatchedEntries: { type: 'array', items: jsonSchemaOf(BankEntryOutput) },
      },
    },
  },
};

export const handlerRoutes: HandlerRoute[] = [
  {
    method: 'get',
    path: '/invoices/{id}/pdf',
    operation: {
      operationId: 'invoices-pdf',
      tags: ['invoices'],
      summary: 'Download an invoice as PDF',
      description: 'A4, with line items, VAT, totals, due date, reference number, IBAN and an EPC QR code a banking app can scan to pay. Residents download their own.',
      parameters: [
        uuidPath('id', 'The invoice.'),
        { name: 'inline', in: 'query', required: false, description: '`1` (or `true`) answers `Content-Disposition: inline`, for showing the PDF in a page; otherwise it is an attachment.', schema: { type: 'string', enum: ['1', 'true'] } },
      ],
      responses: {
        200: {
          description: 'The PDF, as an attachment named <number>.pdf (inline with `?inline=1`)',
          headers: { ...requestIdHeader, 'Content-Disposition': { schema: { type: 'string' }, example: 'attachment; filename="INV-2026-000123.pdf"' } },
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        400: ref('BadRequest'),
        401: ref('Unauthorized'),
        404: ref('NotFound'),
        429: ref('RateLimited'),
        500: ref('InternalError'),
      },
    },
  },
  {
    method: 'get',
    path: '/payment-demands/{id}/pdf',
    operation: {
      operationId: 'payment-demands-pdf',
      tags: ['collections'],
      summary: 'Download a payment demand letter as PDF',
      description:
        'A4: the open invoices with their days overdue and penalty interest, the totals, the deadline and the payment details, as they stood on the demand\'s `issueDate`. Managers only.',
      parameters: [
        uuidPath('id', 'The payment demand.'),
        { name: 'inline', in: 'query', required: false, description: '`1` (or `true`) answers `Content-Disposition: inline`; otherwise it is an attachment.', schema: { type: 'string', enum: ['1', 'true'] } },
      ],
      responses: {
        200: {
          description: 'The letter as a PDF attachment',
          headers: { ...requestIdHeader, 'Content-Disposition': { schema: { type: 'string' }, example: 'attachment; filename="payment-demand-Linden-Court-12-2026-11-26.pdf"' } },
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        400: ref('BadRequest'),
        401: ref('Unauthorized'),
        403: ref('Forbidden'),
        404: ref('NotFound'),
        429: ref('RateLimited'),
        500: ref('InternalError'),
      },
    },
  },
  {
    method: 'get',
    path: '/apartments/{id}/statement',
    operation: {
      operationId: 'apartments-statement',
      tags: ['buildings'],
      summary: 'Download an apartment\'s account statement',
      description:
        'The account of GET /apartments/{id}/account as a file: `format=csv` (UTF-8 with a byte-order mark; Date, Kind, Description, Charged, Paid, Balance, Currency; amounts with a decimal point; ' +
        'a text cell starting with = + - @ gets a leading \') or `format=pdf` (A4, with the organisation\'s details). Residents download their own apartments\'.',
      parameters: [
        uuidPath('id', 'The apartment.'),
        { name: 'format', in: 'query', required: true, schema: { type: 'string', enum: ['csv', 'pdf'] } },
      ],
      responses: {
        200: {
          description: 'The statement as an attachment',
          headers: { ...requestIdHeader, 'Content-Disposition': { schema: { type: 'string' }, example: 'attachment; filename="statement-Tamme-12-7-2026-11-26.csv"' } },
          content: { 'text/csv': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        400: ref('BadRequest'),
        401: ref('Unauthorized'),
        404: ref('NotFound'),
        429: ref('RateLimited'),
        500: ref('InternalError'),
      },
    },
  },
  {
    method: 'post',
    path: '/uploads',
    operation: {
      operationId: 'uploads-create',
      tags: ['maintenance'],
      summary: 'Upload a photo',
      description:
        'One image as the multipart field `file`: JPEG, PNG, WebP or HEIC, recognised by its bytes, at most 10 MiB (larger 413, checked before the type; ' +
        'not an image 415). Attach it by its id to a maintenance request (`photoIds`).',
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } } },
      },
      responses: { 201: { description: 'Stored', headers: requestIdHeader, content: { 'application/json': { schema: uploadOutput } } }, ...uploadErrors },
    },
  },
  {
    method: 'get',
    path: '/uploads/{id}',
    operation: {
      operationId: 'uploads-get',
      tags: ['maintenance'],
      summary: 'Download a photo',
      description: 'For users of the tenant who may see the record it belongs to (a resident: their own uploads and their apartments\' records).',
      parameters: [uuidPath('id', 'The upload.')],
      responses: {
        200: { description: 'The image', headers: requestIdHeader, content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
        400: ref('BadRequest'),
        401: ref('Unauthorized'),
        404: ref('NotFound'),
        429: ref('RateLimited'),
        500: ref('InternalError'),
      },
    },
  },
  {
    method: 'post',
    path: '/buildings/{id}/apartments/import',
    operation: {
      operationId: 'buildings-importApartments',
      tags: ['buildings'],
      summary: 'Import apartments from CSV',
      description:
        'A CSV with the header `number,floor,area,rooms,residentsCount` (`number` and `area` required; `;` and decimal commas are read too), ' +
        'as `text/csv` or as the multipart field `file`, at most 2 MB. All or nothing: any bad row answers 422 with one error per problem ' +
        '(`path` like `rows.3.area`, plus `row` and `column`; the header is row 1). Numbers that exist are updated, not duplicated.',
      parameters: [uuidPath('id', 'The building.')],
      requestBody: {
        required: true,
        content: {
          'text/csv': { schema: { type: 'string' }, example: 'number,floor,area,rooms,residentsCount\n1,1,45.5,2,2\n2,1,61.2,3,3\n' },
          'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } },
        },
      },
      responses: {
        201: {
          description: 'Imported',
          headers: requestIdHeader,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['data'],
                properties: {
                  data: {
                    type: 'object',
                    required: ['created', 'updated'],
                    properties: { created: { type: 'integer' }, updated: { type: 'integer' } },
                  },
                },
              },
            },
          },
        },
        ...uploadErrors,
      },
    },
  },
  {
    method: 'post',
    path: '/meters/ocr',
    operation: {
      operationId: 'meters-ocr',
      tags: ['meters'],
      summary: 'Extract a reading from a meter photo',
      description:
        'The photo as the multipart field `photo`: JPEG, PNG, WebP or HEIC, recognised by its bytes, at most 10 MiB (larger 413, checked before ' +
        'the type; not an image 415). With `meterId` (a meter the caller may see, else 404) its decimals and last reading help pick the register. ' +
        'The photo is stored: submit the reading with `photoId`. `value` is the register as shown (leading zeros kept, `.` as the decimal mark), ' +
        'null when nothing is readable; it only pre-fills, a person confirms every value. Read offline by PP-OCRv4 models, or by a vision API ' +
        'when the server sets `OCR_PROVIDER=vision`.',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['photo'],
              properties: { photo: { type: 'string', format: 'binary' }, meterId: { type: 'string', format: 'uuid', description: 'The meter on the photo.' } },
            },
          },
        },
      },
      responses: {
        200: {
          description: 'What was read',
          headers: requestIdHeader,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['data'],
                properties: {
                  data: {
                    type: 'object',
                    required: ['value', 'confidence', 'photoId', 'candidates'],
                    properties: {
                      value: { type: ['string', 'null'], pattern: '^\\d+(\\.\\d+)?$', example: '00123.456' },
                      confidence: { type: 'number', minimum: 0, maximum: 1 },
                      photoId: { type: 'string', format: 'uuid' },
                      candidates: {
                        type: 'array',
                        description: 'Other readings, best first (the first is `value`).',
                        items: { type: 'object', required: ['value', 'confidence'], properties: { value: { type: 'string' }, confidence: { type: 'number', minimum: 0, maximum: 1 } } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        ...uploadErrors,
      },
    },
  },
  {
    method: 'post',
    path: '/bank-statements/import',
    operation: {
      operationId: 'bankStatements-import',
      tags: ['payments'],
      summary: 'Import a bank statement',
      description:
        'ISO 20022 camt.053 or camt.054 (001.02 and later; camt.052 too) as `application/xml`, a CSV as `text/csv`, or either as the multipart field `file`; ' +
        'at most 10 MB (larger 413). An XML with a DOCTYPE is 400 before it is parsed. CSV layouts: the generic ' +
        '`date,amount,currency,payer,reference,description,transactionId` (date YYYY-MM-DD, `.` decimals, positive = received) and the exports of ' +
        'Swedbank (Estonian and English headers; row types other than 20 skipped), SEB (Estonian and English; `;`, decimal comma, dd.mm.yyyy) and LHV ' +
        '(Estonian and English; `,`, decimal point, YYYY-MM-DD), recognised by their headers (SEB and LHV share the Estonian names: the delimiter decides). Encoding: the `charset` given, else UTF-8 when valid, else Windows-1257. Only credits are booked. ' +
        'Each entry is stored once per (account IBAN, the bank\'s entry id: AcctSvcrRef, else NtryRef; Arhiveerimistunnus / Archive ID; transactionId), ' +
        'so importing a file again, or two overlapping files at once, books nothing twice (still 201). Matching: an apartment\'s reference number ' +
        '(7-3-1 or RF) pays its open invoices oldest first (due date, then number), one payment each, the rest to its credit; else an invoice number in ' +
        'the free text pays that invoice first; else an exact open balance from a payer known for the apartment is a `suggestion` (not booked). ' +
        'Unmatched entries wait in `GET /bank-statements/unmatched`. An amount with more than 2 decimals, or a date that does not exist, is 422.',
      requestBody: {
        required: true,
        content: {
          'application/xml': { schema: { type: 'string' } },
          'text/csv': {
            schema: { type: 'string' },
            example: 'date,amount,currency,payer,reference,description,transactionId\n2026-11-20,120.50,EUR,Mari Maasikas,10016,Arve INV-2026-000012,TX-1\n',
          },
          'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } },
        },
      },
      responses: { 201: { description: 'Imported', headers: requestIdHeader, content: { 'application/json': { schema: statementImportOutput } } }, ...uploadErrors },
    },
  },
];

const bankPath = { name: 'bank', in: 'path', required: true, description: 'The bank that answers: `swedbank`, `seb`, `lhv`, `luminor`, `coop` or `testbank`.', schema: { type: 'string', enum: ['swedbank', 'seb', 'lhv', 'luminor', 'coop', 'testbank'] } };
const callbackDescription =
  'A bank\'s answer about a banklink payment (iPizza 008: 1111 paid, 1911 cancelled), without credentials: the MAC, checked with the bank\'s certificate, is the proof. ' +
  '`VK_REC_ID` must be our merchant id and `VK_STAMP` the payment\'s id in 20 hex digits (its first four groups). 1111 books the amount actually paid (at most the amount asked): the whole open balance makes the invoice `paid` ' +
  '(`invoice.paid`), less is a partial payment; `payment.received` always. The same bank transaction (`VK_T_NO`) is booked once, whether it comes from the bank\'s server, the browser or both. ' +
  '1911 marks a pending payment `failed`. A bad signature, another merchant id, an amount above the one asked or another currency is 422. ' +
  'Refused answers are limited per client address (`RATE_LIMIT_BANKLINK_CALLBACK` a minute, default 30), then 429.';
const callbackErrors = { 400: ref('BadRequest'), 404: ref('NotFound'), 413: ref('PayloadTooLarge'), 415: ref('UnsupportedMediaType'), 422: ref('ValidationFailed'), 429: ref('RateLimited'), 500: ref('InternalError') };
const callbackOutput = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['paymentId', 'invoiceId', 'status', 'amount'],
      properties: {
        paymentId: { type: 'string', format: 'uuid' },
        invoiceId: { type: ['string', 'null'], format: 'uuid' },
        status: { type: 'string', enum: ['pending', 'completed', 'failed'] },
        amount: { type: 'number', description: 'The payment\'s amount: what was paid once completed, what was asked while pending or failed.' },
      },
    },
  },
};
const vkFieldsSchema = {
  type: 'object',
  properties: Object.fromEntries(
    ['VK_SERVICE', 'VK_VERSION', 'VK_SND_ID', 'VK_REC_ID', 'VK_STAMP', 'VK_T_NO', 'VK_AMOUNT', 'VK_CURR', 'VK_REC_ACC', 'VK_REC_NAME', 'VK_SND_ACC', 'VK_SND_NAME', 'VK_REF', 'VK_MSG', 'VK_T_DATETIME', 'VK_MAC', 'VK_ENCODING', 'VK_LANG', 'VK_AUTO'].map((name) => [name, { type: 'string' }]),
  ),
  required: ['VK_SERVICE', 'VK_MAC'],
};
const returnUrlQuery = { name: 'returnUrl', in: 'query', required: false, description: 'Set by us in VK_RETURN when the payment was started with one: where the browser goes afterwards.', schema: { type: 'string' } };

/** A query schema's fields as OpenAPI query parameters. */
function queryParameters(query: z.ZodType, required: boolean) {
  return Object.entries((jsonSchemaOf(query) as { properties: Record<string, Record<string, unknown>> }).properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

/**
 * A list's CSV download (GET <list>/export): the list's query as parameters (those in `required` must be given),
 * `header` its columns, a file named `<name>-<date>.csv`. Every export is UTF-8 with a byte-order mark,
 * comma-separated with CRLF, and formula-safe, as the description's common ending says.
 */
function csvExport(route: { path: string; operationId: string; tag: string; summary: string; description: string; query: z.ZodType; required?: string[]; name: string; header: string[] }) {
  handlerRoutes.push({
    method: 'get',
    path: route.path,
    operation: {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      description:
        `${route.description} As a CSV download (UTF-8 with a byte-order mark, comma-separated, CRLF) with the columns ${route.header.map((h) => `\`${h}\``).join(', ')}; ` +
        'amounts and quantities with a decimal point. A text cell beginning with = + - @, a tab or a carriage return is prefixed with \' so a spreadsheet shows it as text ' +
        '(a plain number such as -5.00 is left alone). Managers and admins.',
      // A field named in the path ({id}) is a path parameter.
      parameters: queryParameters(route.query, false).map((p) =>
        route.path.includes(`{${p.name}}`) ? { ...p, in: 'path', required: true } : route.required?.includes(p.name) ? { ...p, required: true } : p,
      ),
      responses: {
        200: {
          description: `The CSV, as an attachment named ${route.name}-<date>.csv`,
          headers: { ...requestIdHeader, 'Content-Disposition': { schema: { type: 'string' }, example: `attachment; filename="${route.name}-2026-11-26.csv"` } },
          content: { 'text/csv': { schema: { type: 'string' }, example: `\uFEFF${route.header.join(',')}\r\n` } },
        },
        ...exportErrors,
      },
    },
  });
}

csvExport({
  path: '/payments/export',
  operationId: 'payments-export',
  tag: 'payments',
  summary: 'Export payments as CSV',
  description: 'The payments GET /payments lists, with the same filters and `sort`. `Date` is the tenant\'s wall clock (YYYY-MM-DD HH:mm); `Invoice` is `Prepayment` for money kept as credit.',
  query: PaymentListQuery,
  name: 'payments',
  header: PAYMENT_EXPORT_HEADER,
});

csvExport({
  path: '/invoices/export',
  operationId: 'invoices-export',
  tag: 'invoices',
  summary: 'Export invoices as CSV',
  description: 'The invoices GET /invoices lists, with the same filters and `sort`. `Open` is what a sent invoice still waits for; `Overdue` is yes or no.',
  query: InvoiceListQuery,
  name: 'invoices',
  header: INVOICE_EXPORT_HEADER,
});

csvExport({
  path: '/readings/export',
  operationId: 'readings-export',
  tag: 'meters',
  summary: 'Export a building\'s meter readings as CSV',
  description:
    'Oldest first: `Read at` is the tenant\'s wall clock, `Apartment` blank for a common meter; `from`/`to` are the tenant\'s days. Another tenant\'s building is 404.',
  query: ReadingsExportQuery,
  required: ['buildingId'],
  name: 'readings',
  header: READING_EXPORT_HEADER,
});

csvExport({
  path: '/meters/export',
  operationId: 'meters-export',
  tag: 'meters',
  summary: 'Export a building\'s meters as CSV',
  description: 'The meters GET /meters lists, with the same filters and `sort`. `Apartment` is blank for a common meter; `Last reading` is the last confirmed one. Another tenant\'s building is 404.',
  query: MeterListQuery,
  required: ['buildingId'],
  name: 'meters',
  header: METER_EXPORT_HEADER,
});

csvExport({
  path: '/residents/export',
  operationId: 'residents-export',
  tag: 'residents',
  summary: 'Export residents as CSV',
  description: 'The residents GET /residents lists, with the same filters and `sort`, one row per person and apartment.',
  query: ResidentListQuery,
  name: 'residents',
  header: RESIDENT_EXPORT_HEADER,
});

csvExport({
  path: '/maintenance-requests/export',
  operationId: 'maintenance-export',
  tag: 'maintenance',
  summary: 'Export maintenance requests as CSV',
  description: 'The requests GET /maintenance-requests lists, with the same filters and `sort`; times are the tenant\'s wall clock.',
  query: MaintenanceListQuery,
  name: 'maintenance-requests',
  header: MAINTENANCE_EXPORT_HEADER,
});

csvExport({
  path: '/buildings/{id}/apartments/export',
  operationId: 'buildings-exportApartments',
  tag: 'buildings',
  summary: 'Export a building\'s apartments as CSV',
  description: 'The apartments GET /buildings/{id}/apartments lists, with the same `q` and `sort`. Another tenant\'s building is 404.',
  query: ApartmentListQuery,
  name: 'apartments',
  header: APARTMENT_EXPORT_HEADER,
});

/** GET /invoices/export/e-invoice's query, all required. */
const eInvoiceParameters = queryParameters(EInvoiceExportQuery, true);

handlerRoutes.push({
  method: 'get',
  path: '/invoices/export/e-invoice',
  operation: {
    operationId: 'invoices-exportEInvoice',
    tags: ['invoices'],
    summary: 'Export a period\'s invoices as an Estonian e-invoice file',
    description:
      'The building\'s `sent` and `paid` invoices whose billing period lies within `periodStart`..`periodEnd` (not drafts, not void ones), by number, as one ' +
      'Estonian e-invoice file (e-arve, standard 1.2: `E_Invoice` with `Header`, one `Invoice` per invoice and a `Footer` with `TotalNumberInvoices` and ' +
      '`TotalAmount`, the invoices\' `TotalSum` added up) to upload to the association\'s bank or e-invoice operator. Each invoice carries its lines (`ItemEntry`: ' +
      'description, unit, quantity, net price, sum, VAT), `InvoiceSumGroup` (`TotalSum` the invoice total, `TotalToPay` its open balance), the 7-3-1 ' +
      '`PaymentReferenceNumber` (also `PaymentInfo/PaymentRefId` and the invoice\'s `serviceId`), `DueDate`, the billing period, `FineRatePerDay` when the ' +
      'building charges penalty interest, and `PaymentInfo` (`Payable` YES while money is open, `PaymentTotalSum` the open balance, `PayToAccount` the ' +
      'building\'s IBAN, `PayToName` its `bankRecipient`, else the organisation\'s name). The buyer is the apartment\'s first resident by name, else ' +
      '"Apartment <number>, <address>". No registry codes are stored, so `sellerRegnumber`, `SellerParty/RegNumber` and `regNumber` are empty. ' +
      'Money with two decimals where the schema says Decimal2, four where it says Decimal4; dates YYYY-MM-DD. A building without an IBAN, or with no such ' +
      'invoice in the period, is 422 (a file holds at least one invoice). Managers and admins.',
    parameters: eInvoiceParameters,
    responses: {
      200: {
        description: 'The XML, as an attachment named e-invoices-<building>-<periodStart>-<periodEnd>.xml',
        headers: {
          ...requestIdHeader,
          'Content-Disposition': { schema: { type: 'string' }, example: 'attachment; filename="e-invoices-ouna-5-2026-10-01-2026-10-31.xml"' },
          'X-Invoice-Count': { description: 'The number of invoices in the file.', schema: { type: 'integer', minimum: 1 } },
        },
        content: { 'application/xml': { schema: { type: 'string' }, example: '<?xml version="1.0" encoding="UTF-8"?>\n<E_Invoice>\n  <Header>…</Header>\n  <Invoice invoiceId="INV-2026-000123" …>…</Invoice>\n  <Footer>…</Footer>\n</E_Invoice>\n' } },
      },
      ...exportErrors,
    },
  },
});

handlerRoutes.push(
  {
    method: 'post',
    path: '/payments/banklink/callback/{bank}',
    operation: {
      operationId: 'payments-banklinkCallback',
      tags: ['payments'],
      summary: "A bank's answer about a banklink payment",
      description: `${callbackDescription} From the bank's server (\`VK_AUTO=Y\`) the answer is 200 with the payment; from the payer's browser (\`VK_AUTO=N\`) a 303 to \`returnUrl\` or to the invoice in the resident portal.`,
      security: [],
      parameters: [bankPath, returnUrlQuery],
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: vkFieldsSchema } } },
      responses: {
        200: { description: 'Booked, cancelled, or already so (a repeat)', headers: requestIdHeader, content: { 'application/json': { schema: callbackOutput } } },
        303: { description: 'The browser return: on to `returnUrl` or the portal invoice', headers: { ...requestIdHeader, Location: { schema: { type: 'string' } } } },
        ...callbackErrors,
      },
    },
  },
  {
    method: 'get',
    path: '/payments/banklink/callback/{bank}',
    operation: {
      operationId: 'payments-banklinkReturn',
      tags: ['payments'],
      summary: "The payer's browser back from the bank",
      description: `The same answer with the VK_* fields in the query, as some banks send the browser back. ${callbackDescription} Answers 303 to \`returnUrl\` or to the invoice in the resident portal.`,
      security: [],
      parameters: [bankPath, returnUrlQuery],
      responses: {
        303: { description: 'On to `returnUrl` or the portal invoice', headers: { ...requestIdHeader, Location: { schema: { type: 'string' } } } },
        ...callbackErrors,
      },
    },
  },
);
