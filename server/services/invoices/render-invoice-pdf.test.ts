import jsQR from 'jsqr';
import { extractImages } from 'unpdf';
import { describe, expect, it, vi } from 'vitest';
import { GET as pdfRoute } from '@/app/api/invoices/[id]/pdf/route';
import { getDb } from '@/db/client';
import { apartmentResidents, apartments, buildings, chargeRules } from '@/db/schema';
import { addUser, bearerFor, makeTenant, serviceContext } from '@/test/factories';
import { pdfText } from '@/test/pdf-text';
import { epcPayload } from '@/server/domain/epc-qr';
import { generateInvoices } from './generate-invoices';
import { getInvoice } from './get-invoice';
import { updateInvoice } from './update-invoice';

/** The QR code on the PDF's first page: the page's only image, decoded from the pixels the PDF carries. */
async function pdfQrCode(bytes: Uint8Array): Promise<string | null> {
  const images = await extractImages(new Uint8Array(bytes), 1);
  expect(images).toHaveLength(1);
  const { data, width, height, channels } = images[0]!;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const px = data.subarray(i * channels, i * channels + channels);
    rgba[i * 4] = px[0]!;
    rgba[i * 4 + 1] = channels >= 3 ? px[1]! : px[0]!;
    rgba[i * 4 + 2] = channels >= 3 ? px[2]! : px[0]!;
    rgba[i * 4 + 3] = channels === 4 ? px[3]! : 255;
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

describe('invoice PDF', () => {
  it('renders offline; its text shows the number, total and reference; residents get only their own', async () => {
    const t = await makeTenant();
    const ctx = serviceContext(t.tenantId, t.manager);
    const [b] = await getDb().insert(buildings).values({ tenantId: t.tenantId, name: 'Õuna 5', address: 'Õuna tn 5', city: 'Tartu', iban: 'EE382200221020145685', bankRecipient: 'KÜ Õuna 5' }).returning();
    const [a] = await getDb().insert(apartments).values({ tenantId: t.tenantId, buildingId: b!.id, number: '12', area: '54.30' }).returning();
    await getDb().insert(chargeRules).values([
      { tenantId: t.tenantId, buildingId: b!.id, position: 0, name: 'Haldustasu', basis: 'area', unitPrice: '0.4500', vatRate: '0' },
      { tenantId: t.tenantId, buildingId: b!.id, position: 1, name: 'Prügivedu', basis: 'apartment', unitPrice: '7.5000', vatRate: '22' },
    ]);
    await getDb().insert(apartmentResidents).values({ tenantId: t.tenantId, apartmentId: a!.id, userId: t.resident.userId });
    const { invoiceIds } = await generateInvoices({ ctx, input: { buildingId: b!.id, periodStart: '2026-10-01', periodEnd: '2026-10-31', issueDate: '2026-11-01' } });
    await updateInvoice({ ctx, input: { id: invoiceIds[0]!, status: 'sent' } });
    const invoice = await getInvoice({ ctx, input: { id: invoiceIds[0]! } });

    // Offline: a fetch of anything but an inline data: URL (react-pdf loads its layout engine from one) fails the test.
    const realFetch = globalThis.fetch;
    const network: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith('data:')) return realFetch(input, init);
      network.push(url);
      return Promise.reject(new Error('no network while rendering a PDF'));
    });
    const res = await pdfRoute(new Request(`http://localhost/api/invoices/${invoice.id}/pdf`, { headers: { authorization: await bearerFor(t.tenantId, t.resident) } }), {
      params: Promise.resolve({ id: invoice.id }),
    });
    fetchSpy.mockRestore();
    expect(network).toEqual([]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.number}.pdf"`);
    // ?inline=1 shows the same PDF in a page (the manager's preview) instead of downloading it.
    const inline = await pdfRoute(new Request(`http://localhost/api/invoices/${invoice.id}/pdf?inline=1`, { headers: { authorization: await bearerFor(t.tenantId, t.resident) } }), {
      params: Promise.resolve({ id: invoice.id }),
    });
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-disposition')).toBe(`inline; filename="${invoice.number}.pdf"`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain(invoice.number);
    expect(text).toContain(invoice.referenceNumber);
    expect(invoice.amount).toBe(33.59); // 54.30 × 0.45 = 24.435 → 24.44; 7.50 + 22 % = 9.15
    expect(text.replace(/\s/g, '')).toContain('33,59€');
    expect(text).toContain('Õuna tn 5');
    expect(text).toContain('EE382200221020145685');
    // The EPC code pays the open balance to the building's account with the reference number.
    expect(await pdfQrCode(bytes)).toBe(
      epcPayload({ name: 'KÜ Õuna 5', iban: 'EE382200221020145685', amountCents: 3359, remittance: `Viitenumber ${invoice.referenceNumber} ${invoice.number}` }),
    );

    const neighbour = await addUser(t.tenantId, 'resident');
    const denied = await pdfRoute(new Request(`http://localhost/api/invoices/${invoice.id}/pdf`, { headers: { authorization: await bearerFor(t.tenantId, neighbour) } }), {
      params: Promise.resolve({ id: invoice.id }),
    });
    expect(denied.status).toBe(404);
  });
});
