// The signed-in company's customers (企业客户 and 自然人客户) for a form to pick from: POST /api/customer/pick.
import type { Envelope } from '@cqjy/domain/api';
import type { RegistryCustomer } from '@cqjy/domain/registries/customers';
import { http, unwrap } from '../lib/http.ts';

export async function pickCustomers(keyword: string): Promise<RegistryCustomer[]> {
  return unwrap(await http.post<Envelope<RegistryCustomer[]>>('/api/customer/pick', { keyword }));
}
