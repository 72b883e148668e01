// The labels of the dictionaries a kind's fields name, for showing a stored key as the exchange calls it.
import { useQueries } from '@tanstack/react-query';
import type { DictionaryCode } from '@cqjy/domain/dictionaries';
import { dictionariesOf, type FieldDef } from '@cqjy/domain/projects/kinds/fields';
import { dictListQuery } from '../../api/dictionaries.ts';

export type DictLabel = (dict: DictionaryCode, key: string) => string;

export function useDictLabels(fields: readonly FieldDef[]): DictLabel {
  const codes = dictionariesOf(fields);
  const lists = useQueries({ queries: codes.map((code) => dictListQuery(code)) });
  const labels = new Map<string, string>();
  codes.forEach((code, index) => {
    for (const entry of lists[index]?.data ?? []) labels.set(`${code}/${entry.key}`, entry.label);
  });
  return (dict, key) => labels.get(`${dict}/${key}`) ?? key;
}
