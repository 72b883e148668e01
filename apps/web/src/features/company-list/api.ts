// The calls of 机构管理: the account-opening review (accounts module, contracts/accounts.ts) and the
// company-authentication review (identity module, contracts/identity.ts: POST /api/company/auth/list and
// /examine/{id}).
import type { CompanyDetail, CompanyListItem } from '@cqjy/domain/account-opening';
import type { PageResult } from '@cqjy/domain/api';
import {
  examineCompanyCall,
  listCompaniesCall,
  showCompanyCall,
  type CompanyExamineInput,
  type CompanyListQuery,
} from '@cqjy/domain/contracts/accounts';
import {
  examineCompanyAuthCall,
  listCompanyAuthCall,
  type CompanyAuthExamineBody,
  type CompanyAuthListQuery,
} from '@cqjy/domain/contracts/identity';
import type { CompanyAuthApplication } from '@cqjy/domain/identity-auth';
import { callApi, fetchData } from '../../lib/call.ts';
import { unwrap } from '../../lib/http.ts';

/** The tabs keep their page and size themselves: both always sent. */
export type CompanyQuery = CompanyListQuery & { page: number; size: number };
export type CompanyAuthQuery = CompanyAuthListQuery & { page: number; size: number };

export function listCompanies(query: CompanyQuery): Promise<PageResult<CompanyListItem>> {
  return fetchData(listCompaniesCall, { body: query });
}

export function showCompany(id: number): Promise<CompanyDetail> {
  return fetchData(showCompanyCall, { params: { id } });
}

/** The envelope itself is answered: the return dialogs read status -1 from it (SH-8.8). */
export async function examineCompany(id: number, input: CompanyExamineInput) {
  const answer = await callApi(examineCompanyCall, { params: { id }, body: input });
  unwrap(answer, { showSuccess: true });
  return answer;
}

export function listCompanyAuth(query: CompanyAuthQuery): Promise<PageResult<CompanyAuthApplication>> {
  return fetchData(listCompanyAuthCall, { body: query });
}

export async function examineCompanyAuth(id: number, input: CompanyAuthExamineBody) {
  const answer = await callApi(examineCompanyAuthCall, { params: { id }, body: input });
  unwrap(answer, { showSuccess: true });
  return answer;
}
