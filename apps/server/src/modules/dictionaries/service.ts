// The dictionaries module answers the option lists of the forms: data dictionaries (flat or as a tree, narrowed
// by BF-6.1 for the signed-in company when the form names its business type), the GB/T 2260 regions, and the
// enterprise directory of the state-asset regulators (SH-7.5); and the exchange's rule parameters as in force on a
// day (the versions of 规则参数): the disclosure periods the project kinds read, the service-fee schedule.
//
// Each group of jobs is one file of use cases (use-cases/: entries, rules, regions, directory); this file wires
// them to the deps. The exchange's maintenance of the dictionaries is admin.ts.
import { systemClock, type Clock } from '../../platform/clock.ts';
import { bindDeps } from '../../platform/use-cases.ts';
import type { DictionariesDeps } from './deps.ts';
import { listSource, searchDirectory } from './use-cases/directory.ts';
import { activeKeys, entryTree, labeler, listEntries } from './use-cases/entries.ts';
import { listZoning } from './use-cases/regions.ts';
import { kindSettings, ruleValue, ruleVersion, serviceFeeQuote } from './use-cases/rules.ts';

export type { DictionariesDeps, DictQuery, ServiceFeeQuote } from './deps.ts';
export { buildTree } from './use-cases/entries.ts';

export type DictionariesService = ReturnType<typeof createDictionariesService>;

/** The deps, the clock the system's unless one is given. */
export function createDictionariesService(deps: Omit<DictionariesDeps, 'clock'> & { clock?: Clock }) {
  /** A use case with the module's deps bound: what the routes and the other modules call. */
  const bound = bindDeps<DictionariesDeps>({ ...deps, clock: deps.clock ?? systemClock });

  return {
    list: bound(listEntries),
    tree: bound(entryTree),
    kindSettings: bound(kindSettings),
    ruleValue: bound(ruleValue),
    ruleVersion: bound(ruleVersion),
    serviceFeeQuote: bound(serviceFeeQuote),
    labeler: bound(labeler),
    activeKeys: bound(activeKeys),
    listZoning,
    searchDirectory: bound(searchDirectory),
    listSource: bound(listSource),
  };
}
