// What the deposits module's use cases are given (service.ts wires them).
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { DictionariesService } from '../dictionaries/service.ts';
import type { IntentionsService } from '../intentions/service.ts';

export type DepositsDeps = Pick<PlatformDeps, 'db' | 'clock'> & {
  audit: Pick<AuditService, 'append'>;
  /** a matched arrival records the registration's deposit arrived there, in the ledger's transaction */
  intentions: Pick<IntentionsService, 'findItem' | 'recordDepositNotice' | 'takeLedgerStep'>;
  /** the refund's term and the bar's length (规则参数) */
  dictionaries: Pick<DictionariesService, 'ruleValue'>;
  /** the key the bank signs its notices with (absent: none is accepted) and the settlement account's prefix */
  bank: { key: string | undefined; settlementPrefix: string };
};
