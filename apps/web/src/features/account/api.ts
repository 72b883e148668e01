// The calls of the account pages (账号管理 and accountAdd, accountEdit, accountShow, accountChange): the company's
// operators (the server scopes every call to the caller's company), the codes it may hand out, saving an account,
// its state changes with the row's version, and the change of the main operator on an SMS code.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type {
  NewOperatorInput,
  OperatorCodes,
  OperatorListRow,
  OperatorQuery,
  OperatorSaved,
  OperatorUpdateInput,
  OperatorView,
} from '@cqjy/domain/operators';
import { http, unwrap } from '../../lib/http.ts';

/** A row's state change needs only its id and version. */
export type Versioned = Pick<OperatorListRow, 'id' | 'version'>;

export const operatorsQuery = (query: OperatorQuery) =>
  queryOptions({
    queryKey: ['operators', 'list', query] as const,
    queryFn: async () =>
      unwrap(await http.post<Envelope<PageResult<OperatorListRow>>>('/api/operator/list', query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const operatorQuery = (id: number) =>
  queryOptions({
    queryKey: ['operators', 'show', id] as const,
    queryFn: async () => unwrap(await http.get<Envelope<OperatorView>>(`/api/operator/${id}`)),
    staleTime: 0,
  });

export const operatorCodesQuery = () =>
  queryOptions({
    queryKey: ['operators', 'codes'] as const,
    queryFn: async () => unwrap(await http.get<Envelope<OperatorCodes>>('/api/operator/codes')),
  });

export async function saveOperator(input: NewOperatorInput): Promise<OperatorSaved> {
  return unwrap(await http.post<Envelope<OperatorSaved>>('/api/operator/save', input), { showSuccess: true });
}

export async function updateOperator(id: number, input: OperatorUpdateInput): Promise<OperatorSaved> {
  return unwrap(await http.post<Envelope<OperatorSaved>>(`/api/operator/update/${id}`, input), {
    showSuccess: true,
  });
}

export type OperatorAction = 'disable' | 'enable' | 'reset';

export async function changeOperatorState(action: OperatorAction, row: Versioned): Promise<OperatorSaved> {
  const body = { version: row.version };
  return unwrap(await http.post<Envelope<OperatorSaved>>(`/api/operator/${action}/${row.id}`, body), {
    showSuccess: true,
  });
}

/** 获取验证码 of 变更主操作员: the code goes to the caller's (the main operator's) own mobile. */
export async function sendMainChangeCode(): Promise<{ mobileMasked: string }> {
  return unwrap(await http.post<Envelope<{ mobileMasked: string }>>('/api/operator/main/code'), {
    showSuccess: true,
  });
}

export async function changeMainOperator(input: { operatorId: number; phonecode: string }): Promise<void> {
  unwrap(await http.post<Envelope<null>>('/api/operator/main/change', input), { showSuccess: true });
}
