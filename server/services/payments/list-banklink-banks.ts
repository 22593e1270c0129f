import { BANK_LABELS, configuredBanks, type Bank } from '@/server/banklink/providers';
import type { ServiceContext } from '../context';

/** The banks a payment can be started with on this server, with their names, for the portal's "Pay by bank". */
export function listBanklinkBanks(_: { ctx: ServiceContext }): Array<{ id: Bank; name: string }> {
  return configuredBanks().map((id) => ({ id, name: BANK_LABELS[id] }));
}
