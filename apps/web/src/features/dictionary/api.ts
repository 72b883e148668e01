// The calls of 数据字典 (apps/server/src/modules/dictionaries/admin-routes.ts): the dictionaries and their entries,
// retired ones included; the rule parameters with their versions. A change also drops the forms' cached option lists
// (['dict', ...]) so the pages of this session offer what was just saved.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import type { DictDataRow, DictTypeRow } from '@cqjy/domain/dictionary-admin';
import type { RuleList } from '@cqjy/domain/rule-parameters';
import { http, unwrap } from '../../lib/http.ts';

export const DICTIONARY_KEY = ['dictionary'] as const;

export const dictTypesQuery = () =>
  queryOptions({
    queryKey: [...DICTIONARY_KEY, 'types'] as const,
    queryFn: async () => unwrap(await http.post<Envelope<DictTypeRow[]>>('/api/dict/type/list', {})),
    staleTime: 0,
  });

export const dictDataQuery = (code: string, keyword: string) =>
  queryOptions({
    queryKey: [...DICTIONARY_KEY, 'data', code, keyword] as const,
    queryFn: async () =>
      unwrap(
        await http.post<Envelope<DictDataRow[]>>(
          '/api/dict/data/list',
          keyword === '' ? { code } : { code, keyword },
        ),
      ),
    enabled: code !== '',
    staleTime: 0,
  });

export const ruleListQuery = () =>
  queryOptions({
    queryKey: [...DICTIONARY_KEY, 'rules'] as const,
    queryFn: async () => unwrap(await http.post<Envelope<RuleList>>('/api/dict/rule/list', {})),
    staleTime: 0,
  });

export type EntryInput = {
  code: string;
  key: string;
  label: string;
  parentKey?: string;
  sort: number;
  remark?: string;
};

export type EntryUpdate = { label: string; sort: number; status: number; remark?: string };

export type RuleInput = { key: string; value: unknown; effectiveFrom: string; note?: string };

export async function saveEntry(input: EntryInput): Promise<DictDataRow> {
  return unwrap(await http.post<Envelope<DictDataRow>>('/api/dict/data/save', input), { showSuccess: true });
}

/** `isQuiet`: the caller says what happened itself (停用, 启用). */
export async function updateEntry(id: number, input: EntryUpdate, isQuiet = false): Promise<DictDataRow> {
  return unwrap(await http.post<Envelope<DictDataRow>>(`/api/dict/data/update/${id}`, input), {
    showSuccess: !isQuiet,
  });
}

export async function saveRule(input: RuleInput): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>('/api/dict/rule/save', input), { showSuccess: true });
}

export async function cancelRule(input: { key: string; effectiveFrom: string }): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>('/api/dict/rule/cancel', input), { showSuccess: true });
}

/** After a change: this page's lists and the forms' option lists are read again. */
export function refreshDictionaries(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: DICTIONARY_KEY });
  void queryClient.invalidateQueries({ queryKey: ['dict'] });
}
