// What other modules' routes take from the project routes: the project codes their guards need, the reading of a
// path's id, and the paging fields of a list.
import { notFound } from '../../platform/errors.ts';

export { PROJECT_CODES } from '@cqjy/domain/contracts/projects';

// the paging fields of every list call, as the contracts declare them (packages/domain/src/contract.ts)
export { zPage, zSize } from '@cqjy/domain/contract';

/** A positive id of the path; anything else names no row. */
export function parseId(text: string): number {
  const id = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  if (id < 1) throw notFound();
  return id;
}
