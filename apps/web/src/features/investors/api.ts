// The calls of the investor pages (投资方 of a capital increase): a project's investors and the caller's own
// registrations (GET {base}/investors), one investor and its files, the draft's create, update, submit and delete,
// the exchange's qualification audit, the owner's selection result, the capital increases open to registration,
// the members that may represent an investor, a member's earlier customers, and the exports (.xlsx, PDF). The two
// families answer under their own base (/api/capitalIncrease for cap, /api/capitalIncreaseOpen for capOpen); the
// lists of the caller's own registrations and of the open projects are the two bases' answers merged. Money
// travels as integer fen, shares as integer millionths.
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@cqjy/domain/api';
import { xlsxName } from '@cqjy/domain/format';
import {
  CAPITAL_INCREASE_BASES,
  capitalIncreaseBaseOf,
  INVESTOR_DATA_CLASS,
} from '@cqjy/domain/projects/investors';
import type {
  InvestorCustomer,
  InvestorForm,
  InvestorView,
  OpenCapitalIncrease,
} from '@cqjy/domain/projects/investors';
import { fetchRelatedAttachments, saveBlob } from '../../api/attachments.ts';
import { http, unwrap } from '../../lib/http.ts';

export type Versioned = { id: number; version: number };

export type Member = { id: number; name: string };

/** The base of a family's investor calls (a family without investors is taken as the ordinary capital increase). */
export function baseOf(family: string): string {
  return capitalIncreaseBaseOf(family) ?? capitalIncreaseBaseOf('cap') ?? '';
}

const ALL_BASES = CAPITAL_INCREASE_BASES.map((entry) => entry.base);

// --- lists ---------------------------------------------------------------------------------------------------

export const projectInvestorsQuery = (family: string, projectId: number) =>
  queryOptions({
    queryKey: ['investors', 'project', family, projectId] as const,
    queryFn: async () =>
      unwrap(await http.get<Envelope<InvestorView[]>>(`${baseOf(family)}/investors`, { projectId })),
    staleTime: 0,
  });

/** The caller's own registrations on every capital increase of both families, the newest first. */
export const ownInvestorsQuery = () =>
  queryOptions({
    queryKey: ['investors', 'own'] as const,
    queryFn: async () => {
      const lists = await Promise.all(
        ALL_BASES.map(async (base) => unwrap(await http.get<Envelope<InvestorView[]>>(`${base}/investors`))),
      );
      return lists.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
    },
    staleTime: 0,
  });

/** The disclosing capital increases of both families open to registrations. */
export const openCapitalIncreasesQuery = () =>
  queryOptions({
    queryKey: ['investors', 'open'] as const,
    queryFn: async () => {
      const lists = await Promise.all(
        ALL_BASES.map(async (base) =>
          unwrap(await http.get<Envelope<OpenCapitalIncrease[]>>(`${base}/open`)),
        ),
      );
      return lists.flat();
    },
    staleTime: 0,
  });

/** The admitted members that may represent an investor (the same companies under both bases). */
export const investorMembersQuery = () =>
  queryOptions({
    queryKey: ['investors', 'members'] as const,
    queryFn: async () => unwrap(await http.get<Envelope<Member[]>>(`${baseOf('cap')}/members`)),
    staleTime: 5 * 60_000,
  });

/** The caller's earlier investors (a member's customers), found by name or number. */
export async function searchCustomers(keyword: string): Promise<InvestorCustomer[]> {
  return unwrap(
    await http.post<Envelope<InvestorCustomer[]>>(`${baseOf('cap')}/customers`, { keyword: keyword.trim() }),
  );
}

// --- one investor --------------------------------------------------------------------------------------------

export const investorQuery = (id: number) =>
  queryOptions({
    queryKey: ['investors', 'show', id] as const,
    queryFn: async () => unwrap(await http.get<Envelope<InvestorView>>(`/api/investor/${id}`)),
    staleTime: 0,
  });

export const investorFilesQuery = (id: number) =>
  queryOptions({
    queryKey: ['investors', 'files', id] as const,
    queryFn: () => fetchRelatedAttachments(INVESTOR_DATA_CLASS, String(id)),
    staleTime: 0,
  });

/** A draft investor of the project; the files uploaded under `createId` become its own. */
export async function createInvestor(
  projectId: number,
  investor: InvestorForm,
  createId?: string,
  isQuiet = false,
): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>('/api/investor', {
      projectId,
      investor,
      ...(createId === undefined ? {} : { createId }),
    }),
    { showSuccess: !isQuiet },
  );
}

/**
 * A blank certNo keeps the stored number (the views only have a person's number masked). `isQuiet`: no toast of
 * its own (the save before a submit, whose toast says it all).
 */
export async function updateInvestor(
  id: number,
  version: number,
  investor: InvestorForm,
  isQuiet = false,
): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`/api/investor/update/${id}`, { version, investor }), {
    showSuccess: !isQuiet,
  });
}

export async function submitInvestor(investor: Versioned): Promise<Versioned> {
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/investor/submit/${investor.id}`, {
      version: investor.version,
    }),
    { showSuccess: true },
  );
}

/** The caller's drafts among `ids`, all or none. */
export async function deleteInvestors(ids: readonly number[]): Promise<number> {
  const result = unwrap(await http.post<Envelope<{ count: number }>>('/api/investor/batchDelete', { ids }), {
    showSuccess: true,
  });
  return result.count;
}

// --- the exchange's audit and the owner's selection ----------------------------------------------------------

export type AuditResult = 'pass' | 'refuse';

export async function auditInvestor(
  investor: Pick<InvestorView, 'id' | 'version' | 'family'>,
  result: AuditResult,
  reason: string,
): Promise<Versioned> {
  // the investor's own family (the server answers 404 for any other)
  return unwrap(
    await http.post<Envelope<Versioned>>(`/api/project/${investor.family}/investor/audit/${investor.id}`, {
      version: investor.version,
      result,
      reason,
    }),
    { showSuccess: true },
  );
}

export async function selectInvestors(
  family: string,
  projectId: number,
  investors: readonly Versioned[],
): Promise<number> {
  const chosen = investors.map(({ id, version }) => ({ id, version }));
  const result = unwrap(
    await http.post<Envelope<{ selected: number }>>(`${baseOf(family)}/${projectId}/selection`, {
      investors: chosen,
    }),
    { showSuccess: true },
  );
  return result.selected;
}

// --- exports -------------------------------------------------------------------------------------------------

/** A project's investors as the server writes them, saved under `${code}${name}投资方名单`. */
export async function exportProjectInvestors(
  family: string,
  project: { id: number; code: string; name: string },
  format: 'xlsx' | 'pdf',
): Promise<void> {
  const base = `${project.code}${project.name}投资方名单`;
  const path = format === 'xlsx' ? `${baseOf(family)}/export` : `${baseOf(family)}/export/pdf`;
  const blob = await http.download(path, { projectId: project.id });
  saveBlob(blob, format === 'xlsx' ? xlsxName(base) : `${base}.pdf`);
}

/** The caller's own registrations on every capital increase (GET /api/investor/export). */
export async function exportOwnInvestors(): Promise<void> {
  saveBlob(await http.download('/api/investor/export'), xlsxName('投资方登记'));
}
