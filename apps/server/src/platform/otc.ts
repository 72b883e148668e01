// The client of the exchange's trading system (交易系统, "OTC"), where bidding happens once a project's disclosure
// is over. The portal reads a project's result from it by the project's code:
//
//   GET {OTC_URL}/api/projects/{code}        Authorization: Bearer {OTC_TOKEN}   (the header only with a token)
//   200 {code, status: trading | dealt | failed, dealPrice?: fen, dealTime?: ISO 8601, transferee?, bidCount?}
//       a deal carries dealPrice, dealTime and transferee
//   404 the trading system does not know the project
//
// Any other answer, a malformed body, a refused connection or no answer within the time-out is "unavailable":
// the caller changes nothing and says so.
import { parseOtcTradeResult, type OtcTradeResult } from '@cqjy/domain';
import type { Config } from '../config.ts';

/** How long the portal waits for the trading system before telling the user to try again. */
const OTC_TIMEOUT_MS = 10_000;

export type OtcAnswer =
  { kind: 'found'; result: OtcTradeResult } | { kind: 'unknown' } | { kind: 'unavailable'; reason: string };

export type OtcClient = { fetchProject(code: string): Promise<OtcAnswer> };

export function createOtcClient(config: NonNullable<Config['otc']>): OtcClient {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (config.token !== undefined) headers.authorization = `Bearer ${config.token}`;
  return {
    async fetchProject(code) {
      let response: Response;
      try {
        response = await fetch(`${config.url}/api/projects/${encodeURIComponent(code)}`, {
          headers,
          signal: AbortSignal.timeout(OTC_TIMEOUT_MS),
        });
      } catch (error) {
        return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
      }
      if (response.status === 404) return { kind: 'unknown' };
      if (!response.ok) return { kind: 'unavailable', reason: `HTTP ${response.status}` };
      const body: unknown = await response.json().catch(() => undefined);
      const result = parseOtcTradeResult(body);
      // an answer about another project is as useless as a malformed one
      if (result === null || result.code !== code) return { kind: 'unavailable', reason: 'malformed answer' };
      return { kind: 'found', result };
    },
  };
}
