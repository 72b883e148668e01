// The exchange's settings the project kinds read (the disclosure periods of the dictionary disclosurePeriod), so the
// form's hints and rule checks say what the server will check; the defaults until the dictionary has answered.
import { useQuery } from '@tanstack/react-query';
import type { KindSettings } from '@cqjy/domain/projects/kinds/fields';
import { DEFAULT_KIND_SETTINGS, readKindSettings } from '@cqjy/domain/projects/kinds/settings';
import { dictListQuery } from '../../api/dictionaries.ts';

export function useKindSettings(): KindSettings {
  const entries = useQuery(dictListQuery('disclosurePeriod'));
  return entries.data ? readKindSettings(entries.data) : DEFAULT_KIND_SETTINGS;
}
