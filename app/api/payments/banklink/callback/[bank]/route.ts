import { handleBanklinkCallback } from '@/server/api/banklink-callback';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ bank: string }> };

/** POST from the bank's server (form-urlencoded, VK_AUTO=Y) or the payer's browser (VK_AUTO=N). */
export async function POST(req: Request, { params }: Params): Promise<Response> {
  return handleBanklinkCallback(req, (await params).bank);
}

/** The payer's browser coming back from the bank with the fields in the query. */
export async function GET(req: Request, { params }: Params): Promise<Response> {
  return handleBanklinkCallback(req, (await params).bank);
}
