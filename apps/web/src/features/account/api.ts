// The calls of the account pages (账号管理 and accountAdd, accountEdit, accountShow, accountChange;
// contracts/operators.ts): the company's operators (the server scopes every call to the caller's company), the codes
// it may hand out, saving an account, its state changes with the row's version, and the change of the main operator
// on an SMS code.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  changeMainOperatorCall,
  disableOperatorCall,
  enableOperatorCall,
  listOperatorsCall,
  operatorCodesCall,
  resetOperatorCall,
  saveOperatorCall,
  sendMainCodeCall,
  showOperatorCall,
  updateOperatorCall,
  type MainOperatorChangeBody,
  type OperatorListQuery,
  type OperatorSaveBody,
  type OperatorUpdateBody,
} from '@cqjy/domain/contracts/operators';
import type { OperatorListRow, OperatorSaved } from '@cqjy/domain/operators';
import { fetchData } from '../../lib/call.ts';

/** A row's state change needs only its id and version. */
export type Versioned = Pick<OperatorListRow, 'id' | 'version'>;

/** The page keeps its page and size itself: both always sent. */
export type OperatorsQuery = OperatorListQuery & { page: number; size: number };

export const operatorsQuery = (query: OperatorsQuery) =>
  queryOptions({
    queryKey: ['operators', 'list', query] as const,
    queryFn: () => fetchData(listOperatorsCall, { body: query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const operatorQuery = (id: number) =>
  queryOptions({
    queryKey: ['operators', 'show', id] as const,
    queryFn: () => fetchData(showOperatorCall, { params: { id } }),
    staleTime: 0,
  });

export const operatorCodesQuery = () =>
  queryOptions({
    queryKey: ['operators', 'codes'] as const,
    queryFn: () => fetchData(operatorCodesCall, {}),
  });

export function saveOperator(input: OperatorSaveBody): Promise<OperatorSaved> {
  return fetchData(saveOperatorCall, { body: input }, { showSuccess: true });
}

export function updateOperator(id: number, input: OperatorUpdateBody): Promise<OperatorSaved> {
  return fetchData(updateOperatorCall, { params: { id }, body: input }, { showSuccess: true });
}

export type OperatorAction = 'disable' | 'enable' | 'reset';

const STATE_CALLS = {
  disable: disableOperatorCall,
  enable: enableOperatorCall,
  reset: resetOperatorCall,
} as const satisfies Record<OperatorAction, unknown>;

export function changeOperatorState(action: OperatorAction, row: Versioned): Promise<OperatorSaved> {
  const body = { version: row.version };
  return fetchData(STATE_CALLS[action], { params: { id: row.id }, body }, { showSuccess: true });
}

/** 获取验证码 of 变更主操作员: the code goes to the caller's (the main operator's) own mobile. */
export function sendMainChangeCode(): Promise<{ mobileMasked: string }> {
  return fetchData(sendMainCodeCall, {}, { showSuccess: true });
}

export async function changeMainOperator(input: MainOperatorChangeBody): Promise<void> {
  await fetchData(changeMainOperatorCall, { body: input }, { showSuccess: true });
}
