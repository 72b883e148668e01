// The calls of the investor pages (投资方 of a capital increase; contracts/investors.ts): a project's investors and
// the caller's own registrations ({base}/investors), one investor and its files, the draft's create, update, submit
// and delete, the exchange's qualification audit, the owner's selection result, the capital increases open to
// registration, the members that may represent an investor, a member's earlier customers, and the exports (.xlsx,
// PDF). The two families answer under their own base (/api/capitalIncrease for cap, /api/capitalIncreaseOpen for
// capOpen); the lists of the caller's own registrations and of the open projects are the two bases' answers merged.
// Money travels as integer fen, shares as integer millionths.
import { queryOptions } from '@tanstack/react-query';
import type { CallAnswer } from '@cqjy/domain/contract';
import {
  CAPITAL_INCREASE_CALLS,
  capitalIncreaseCalls,
  createInvestorCall,
  deleteInvestorsCall,
  INVESTOR_EXPORT_PATH,
  showInvestorCall,
  submitInvestorCall,
  updateInvestorCall,
  type CapitalIncreaseCalls,
  type InvestorAuditInput,
} from '@cqjy/domain/contracts/investors';
import { xlsxName } from '@cqjy/domain/format';
import { INVESTOR_DATA_CLASS } from '@cqjy/domain/projects/investors';
import type { InvestorForm, InvestorView } from '@cqjy/domain/projects/investors';
import { fetchRelatedAttachments, saveBlob } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';
import { http } from '../../lib/http.ts';

export type Versioned = CallAnswer<typeof createInvestorCall>;

export type Member = CallAnswer<CapitalIncreaseCalls['members']>[number];

/** A family's investor calls (a family without investors is taken as the ordinary capital increase). */
function callsOf(family: string): CapitalIncreaseCalls {
  return CAPITAL_INCREASE_CALLS[family] ?? capitalIncreaseCalls('cap');
}

const ALL_CALLS = Object.values(CAPITAL_INCREASE_CALLS);

// --- lists ---------------------------------------------------------------------------------------------------

export const projectInvestorsQuery = (family: string, projectId: number) =>
  queryOptions({
    queryKey: ['investors', 'project', family, projectId] as const,
    queryFn: () => fetchData(callsOf(family).investors, { query: { projectId } }),
    staleTime: 0,
  });

/** The caller's own registrations on every capital increase of both families, the newest first. */
export const ownInvestorsQuery = () =>
  queryOptions({
    queryKey: ['investors', 'own'] as const,
    queryFn: async () => {
      const lists = await Promise.all(ALL_CALLS.map((calls) => fetchData(calls.investors, { query: {} })));
      return lists.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    },
    staleTime: 0,
  });

/** The disclosing capital increases of both families open to registrations. */
export const openCapitalIncreasesQuery = () =>
  queryOptions({
    queryKey: ['investors', 'open'] as const,
    queryFn: async () => {
      const lists = await Promise.all(ALL_CALLS.map((calls) => fetchData(calls.open, {})));
      return lists.flat();
    },
    staleTime: 0,
  });

/** The admitted members that may represent an investor (the same companies under both bases). */
export const investorMembersQuery = () =>
  queryOptions({
    queryKey: ['investors', 'members'] as const,
    queryFn: () => fetchData(callsOf('cap').members, {}),
    staleTime: 5 * 60_000,
  });

/** The caller's earlier investors (a member's customers), found by name or number. */
export function searchCustomers(keyword: string) {
  return fetchData(callsOf('cap').customers, { body: { keyword: keyword.trim() } });
}

// --- one investor --------------------------------------------------------------------------------------------

export const investorQuery = (id: number) =>
  queryOptions({
    queryKey: ['investors', 'show', id] as const,
    queryFn: () => fetchData(showInvestorCall, { params: { id } }),
    staleTime: 0,
  });

export const investorFilesQuery = (id: number) =>
  queryOptions({
    queryKey: ['investors', 'files', id] as const,
    queryFn: () => fetchRelatedAttachments(INVESTOR_DATA_CLASS, String(id)),
    staleTime: 0,
  });

/** A draft investor of the project; the files uploaded under `createId` become its own. */
export function createInvestor(
  projectId: number,
  investor: InvestorForm,
  createId?: string,
  isQuiet = false,
): Promise<Versioned> {
  return fetchData(
    createInvestorCall,
    { body: { projectId, investor, ...(createId === undefined ? {} : { createId }) } },
    { showSuccess: !isQuiet },
  );
}

/**
 * A blank certNo keeps the stored number (the views only have a person's number masked). `isQuiet`: no toast of
 * its own (the save before a submit, whose toast says it all).
 */
export function updateInvestor(
  id: number,
  version: number,
  investor: InvestorForm,
  isQuiet = false,
): Promise<Versioned> {
  return fetchData(
    updateInvestorCall,
    { params: { id }, body: { version, investor } },
    { showSuccess: !isQuiet },
  );
}

export function submitInvestor(investor: Versioned): Promise<Versioned> {
  return fetchData(
    submitInvestorCall,
    { params: { id: investor.id }, body: { version: investor.version } },
    { showSuccess: true },
  );
}

/** The caller's drafts among `ids`, all or none. */
export async function deleteInvestors(ids: readonly number[]): Promise<number> {
  const result = await fetchData(deleteInvestorsCall, { body: { ids: [...ids] } }, { showSuccess: true });
  return result.count;
}

// --- the exchange's audit and the owner's selection ----------------------------------------------------------

export type AuditResult = InvestorAuditInput['result'];

export function auditInvestor(
  investor: Pick<InvestorView, 'id' | 'version' | 'family'>,
  result: AuditResult,
  reason: string,
): Promise<Versioned> {
  // the investor's own family (the server answers 404 for any other)
  return fetchData(
    callsOf(investor.family).audit,
    { params: { id: investor.id }, body: { version: investor.version, result, reason } },
    { showSuccess: true },
  );
}

export async function selectInvestors(
  family: string,
  projectId: number,
  investors: readonly Versioned[],
): Promise<number> {
  const chosen = investors.map(({ id, version }) => ({ id, version }));
  const result = await fetchData(
    callsOf(family).selection,
    { params: { capitalIncreaseId: projectId }, body: { investors: chosen } },
    { showSuccess: true },
  );
  return result.selected;
}

// --- exports (files, not the envelope: plain downloads at the contract file's paths) -------------------------

/** A project's investors as the server writes them, saved under `${code}${name}投资方名单`. */
export async function exportProjectInvestors(
  family: string,
  project: { id: number; code: string; name: string },
  format: 'xlsx' | 'pdf',
): Promise<void> {
  const base = `${project.code}${project.name}投资方名单`;
  const blob = await http.download(callsOf(family).exportPaths[format], { projectId: project.id });
  saveBlob(blob, format === 'xlsx' ? xlsxName(base) : `${base}.pdf`);
}

/** The caller's own registrations on every capital increase (GET /api/investor/export). */
export async function exportOwnInvestors(): Promise<void> {
  saveBlob(await http.download(INVESTOR_EXPORT_PATH), xlsxName('投资方登记'));
}
