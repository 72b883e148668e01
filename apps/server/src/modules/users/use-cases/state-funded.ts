// The 国家出资企业 behind a unified social credit code, as the portal's account openings tell it: a company names the
// state-funded enterprise it belongs to (国家出资企业 and its code) when it opens its account. Read, never typed by
// whoever asks: the intentions module derives a transferee's state-funded background from it.
import type { UsersDeps } from '../deps.ts';
import * as repo from '../repo.ts';

/** A 国家出资企业 as an account opening names it. */
export type StateEnterprise = { stateFundedEnter: string; stateCreditCode: string | null };

/**
 * The enterprise the company of `creditCode` named at its account opening; else, when some company named
 * `creditCode` itself as its 国家出资企业's code, that enterprise (the code's own). undefined when neither.
 */
export async function findStateEnterpriseOf(
  { db }: UsersDeps,
  creditCode: string,
): Promise<StateEnterprise | undefined> {
  const company = await repo.findCompanyByCreditCode(db, creditCode);
  const named = company?.stateFundedEnter?.trim() ?? '';
  if (company !== undefined && named !== '') {
    return { stateFundedEnter: named, stateCreditCode: company.stateCreditCode };
  }
  const naming = await repo.findCompanyNamingStateEnterprise(db, creditCode);
  if (naming?.stateFundedEnter == null) return undefined;
  return { stateFundedEnter: naming.stateFundedEnter.trim(), stateCreditCode: creditCode };
}
