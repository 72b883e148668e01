// The calls of 数据字典 (apps/server/src/modules/dictionaries/admin-routes.ts; contracts/dictionaries.ts): the dictionaries and their entries,
// retired ones included; the rule parameters with their versions. A change also drops the forms' cached option lists
// (['dict', ...]) so the pages of this session offer what was just saved.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CallAnswer, CallInput } from '@cqjy/domain/contract';
import {
  cancelRuleCall,
  listDictEntriesCall,
  listDictTypesCall,
  listRulesCall,
  saveDictEntryCall,
  saveRuleCall,
  updateDictEntryCall,
} from '@cqjy/domain/contracts/dictionaries';
import { fetchData } from '../../lib/call.ts';

export const DICTIONARY_KEY = ['dictionary'] as const;

export const dictTypesQuery = () =>
  queryOptions({
    queryKey: [...DICTIONARY_KEY, 'types'] as const,
    queryFn: () => fetchData(listDictTypesCall, { body: {} }),
    staleTime: 0,
  });

export const dictDataQuery = (code: string, keyword: string) =>
  queryOptions({
    queryKey: [...DICTIONARY_KEY, 'data', code, keyword] as const,
    queryFn: () => fetchData(listDictEntriesCall, { body: keyword === '' ? { code } : { code, keyword } }),
    enabled: code !== '',
    staleTime: 0,
  });

export const ruleListQuery = () =>
  queryOptions({
    queryKey: [...DICTIONARY_KEY, 'rules'] as const,
    queryFn: () => fetchData(listRulesCall, {}),
    staleTime: 0,
  });

type DictDataRow = CallAnswer<typeof saveDictEntryCall>;

type EntryInput = CallInput<typeof saveDictEntryCall>['body'];

type EntryUpdate = CallInput<typeof updateDictEntryCall>['body'];

type RuleInput = CallInput<typeof saveRuleCall>['body'];

export function saveEntry(input: EntryInput): Promise<DictDataRow> {
  return fetchData(saveDictEntryCall, { body: input }, { showSuccess: true });
}

/** `isQuiet`: the caller says what happened itself (停用, 启用). */
export function updateEntry(id: number, input: EntryUpdate, isQuiet = false): Promise<DictDataRow> {
  return fetchData(updateDictEntryCall, { params: { id }, body: input }, { showSuccess: !isQuiet });
}

export async function saveRule(input: RuleInput): Promise<void> {
  await fetchData(saveRuleCall, { body: input }, { showSuccess: true });
}

export async function cancelRule(input: CallInput<typeof cancelRuleCall>['body']): Promise<void> {
  await fetchData(cancelRuleCall, { body: input }, { showSuccess: true });
}

/** After a change: this page's lists and the forms' option lists are read again. */
export function refreshDictionaries(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: DICTIONARY_KEY });
  void queryClient.invalidateQueries({ queryKey: ['dict'] });
}
