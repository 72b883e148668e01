// The calls of 机构管理: the account-opening review (accounts module) and the company-authentication review
// (identity module, POST /api/company/auth/list and /examine/{id}).
import type {
  CompanyDetail,
  CompanyExamineInput,
  CompanyListItem,
  CompanyListQuery,
} from '@cqjy/domain/account-opening';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { CompanyAuthApplication } from '@cqjy/domain/identity-auth';
import { http, unwrap } from '../../lib/http.ts';

export type CompanyAuthQuery = { status?: number; page: number; size: number };

export async function listCompanies(query: CompanyListQuery): Promise<PageResult<CompanyListItem>> {
  return unwrap(await http.post<Envelope<PageResult<CompanyListItem>>>('/api/company/list', query));
}

export async function showCompany(id: number): Promise<CompanyDetail> {
  return unwrap(await http.get<Envelope<CompanyDetail>>(`/api/company/show/${id}`));
}

/** The envelope itself is answered: the return dialog reads status -1 from it (SH-8.8). */
export async function examineCompany(id: number, input: CompanyExamineInput): Promise<Envelope<null>> {
  const answer = await http.post<Envelope<null>>(`/api/company/examine/${id}`, input);
  unwrap(answer, { showSuccess: true });
  return answer;
}

export async function listCompanyAuth(query: CompanyAuthQuery): Promise<PageResult<CompanyAuthApplication>> {
  return unwrap(
    await http.post<Envelope<PageResult<CompanyAuthApplication>>>('/api/company/auth/list', query),
  );
}

export async function examineCompanyAuth(
  id: number,
  input: { pass: boolean; reason?: string },
): Promise<Envelope<null>> {
  const answer = await http.post<Envelope<null>>(`/api/company/auth/examine/${id}`, input);
  unwrap(answer, { showSuccess: true });
  return answer;
}
