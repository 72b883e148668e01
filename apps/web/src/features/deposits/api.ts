// The calls of 保证金台账 (contracts/deposits.ts): the arrivals with the reconciliation's counts, the bank's statement
// previewed and imported, the deposits owed back, the refund batches (their file for the bank, their confirmation)
// and a deposit's forfeiture.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DepositArrivalOutcome, RefundBatchStatus } from '@cqjy/domain/deposits';
import {
  confirmRefundBatchCall,
  forfeitDepositCall,
  importStatementCall,
  issueRefundBatchCall,
  listDepositArrivalsCall,
  listRefundBatchesCall,
  listRefundsDueCall,
  previewStatementCall,
  showRefundBatchCall,
} from '@cqjy/domain/contracts/deposits';
import { saveBlob } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';
import { http } from '../../lib/http.ts';

export const DEPOSITS_KEY = ['deposits'] as const;

export type ArrivalQuery = {
  page: number;
  size: number;
  outcome?: DepositArrivalOutcome | undefined;
  keyword?: string | undefined;
};

export const arrivalsQuery = (query: ArrivalQuery) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'arrivals', query] as const,
    queryFn: () => fetchData(listDepositArrivalsCall, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export type PageQuery = { page: number; size: number };

export const refundsDueQuery = (query: PageQuery) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'due', query] as const,
    queryFn: () => fetchData(listRefundsDueCall, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export type BatchQuery = PageQuery & { status?: RefundBatchStatus | undefined };

export const batchesQuery = (query: BatchQuery) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'batches', query] as const,
    queryFn: () => fetchData(listRefundBatchesCall, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const batchQuery = (id: number) =>
  queryOptions({
    queryKey: [...DEPOSITS_KEY, 'batch', id] as const,
    queryFn: () => fetchData(showRefundBatchCall, { params: { id } }),
    staleTime: 0,
  });

/** A file as the statement calls carry it: its name and its bytes in base64. */
export async function statementFileOf(file: File): Promise<{ fileName: string; content: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  // in slices: a spread of a whole 512 KB file would pass the engine's argument limit
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return { fileName: file.name, content: btoa(binary) };
}

export function previewStatement(body: { fileName: string; content: string }) {
  return fetchData(previewStatementCall, { body });
}

export function importStatement(body: { fileName: string; content: string }) {
  return fetchData(importStatementCall, { body }, { showSuccess: true });
}

export function issueRefundBatch(registrationIds: number[]) {
  return fetchData(issueRefundBatchCall, { body: { registrationIds } }, { showSuccess: true });
}

export function confirmRefundBatch(id: number, failedIds: number[]) {
  return fetchData(confirmRefundBatchCall, { params: { id }, body: { failedIds } }, { showSuccess: true });
}

/** The batch's file for the bank (CSV, not the envelope: the call has no contract). */
export async function downloadRefundFile(batch: { id: number; batchNo: string }): Promise<void> {
  saveBlob(
    await http.download(`/api/deposit/refund/batch/${batch.id}/file`),
    `保证金退款-${batch.batchNo}.csv`,
  );
}

export function forfeitDeposit(id: number, body: { version: number; reason: string; isBarred: boolean }) {
  return fetchData(forfeitDepositCall, { params: { id }, body }, { showSuccess: true });
}
