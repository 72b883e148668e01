// Which companies' data a report reads: the exchange every company's, anyone else its own company's.
import { isExchange } from '../projects/service.ts';
import type { Reader } from './deps.ts';
import type * as repo from './repo.ts';

export function scopeOf(reader: Reader): repo.ReportScope {
  return isExchange(reader) ? { kind: 'all' } : { kind: 'company', companyId: reader.companyId };
}
