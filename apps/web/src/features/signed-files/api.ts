// The calls of 电签文件 (contracts/signed-files.ts): the company's signed PDFs with the verdict of each, one file's
// verdict signature by signature; preview and download go through the attachment call.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CallInput } from '@cqjy/domain/contract';
import { listSignedFilesCall, showSignedFileCall } from '@cqjy/domain/contracts/signed-files';
import { fetchData } from '../../lib/call.ts';

/** The page keeps its page and size itself: both always sent. */
export type SignedFileQuery = CallInput<typeof listSignedFilesCall>['query'] & { page: number; size: number };

export const signedFilesQuery = (query: SignedFileQuery) =>
  queryOptions({
    queryKey: ['signedFiles', 'list', query] as const,
    queryFn: () => fetchData(listSignedFilesCall, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const signedFileQuery = (id: string) =>
  queryOptions({
    queryKey: ['signedFiles', 'detail', id] as const,
    queryFn: () => fetchData(showSignedFileCall, { params: { id } }),
    staleTime: 0,
  });
