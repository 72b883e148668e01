// The signed-in company's customers (企业客户 and 自然人客户) for a form to pick from: POST /api/customer/pick
// (contracts/registries.ts).
import type { CallAnswer } from '@cqjy/domain/contract';
import { pickCustomersCall } from '@cqjy/domain/contracts/registries';
import { fetchData } from '../lib/call.ts';

export function pickCustomers(keyword: string): Promise<CallAnswer<typeof pickCustomersCall>> {
  return fetchData(pickCustomersCall, { body: { keyword } });
}
