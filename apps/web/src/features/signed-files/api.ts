// The calls of 电签文件 (apps/server/src/modules/signed-files/routes.ts): the company's signed PDFs with the verdict
// of each, one file's verdict signature by signature; preview and download go through the attachment call.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { SignedFile, SignedFileDetail, SignedFileFilters } from '@cqjy/domain/signed-files';
import { http, unwrap } from '../../lib/http.ts';

export type SignedFileQuery = SignedFileFilters & { page: number; size: number };

export const signedFilesQuery = (query: SignedFileQuery) =>
  queryOptions({
    queryKey: ['signedFiles', 'list', query] as const,
    queryFn: async () =>
      unwrap(await http.get<Envelope<PageResult<SignedFile>>>('/api/file/signed/list', query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const signedFileQuery = (id: string) =>
  queryOptions({
    queryKey: ['signedFiles', 'detail', id] as const,
    queryFn: async () =>
      unwrap(await http.get<Envelope<SignedFileDetail>>(`/api/file/signed/${encodeURIComponent(id)}`)),
    staleTime: 0,
  });
