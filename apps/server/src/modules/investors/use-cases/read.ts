// The reads: one investor, the investors of a project or the caller's own, the caller's customers to register
// from, the capital increases open to registrations, and the project's head for the exports.
import {
  CAPITAL_INCREASE_FAMILIES,
  displayCertNo,
  participantCertTypeLabel,
  type InvestorCustomer,
  type InvestorView,
  type OpenCapitalIncrease,
} from '@cqjy/domain';
import { notFound } from '../../../platform/errors.ts';
import type { ProjectRow } from '../../projects/service.ts';
import { canSee, findCapitalIncrease, isExchange, isMember } from '../access.ts';
import type { InvestorsDeps, Viewer } from '../deps.ts';
import * as repo from '../repo.ts';
import { investorTypes, planOf, toView } from '../view.ts';

/** GET /api/investor/{id}. */
export async function showInvestor(deps: InvestorsDeps, viewer: Viewer, id: number): Promise<InvestorView> {
  const row = await repo.findInvestor(deps.db, id);
  if (row === undefined || !(await canSee(deps, viewer, row))) throw notFound();
  const [project, types] = await Promise.all([findCapitalIncrease(deps, row.projectId), investorTypes(deps)]);
  return toView(row, project, types.label);
}

/**
 * The investors the viewer sees: of one project (its owner and the exchange: every submitted one, and the
 * caller's own drafts), or without a project the caller's own registrations on every project.
 */
export async function listInvestors(
  deps: InvestorsDeps,
  viewer: Viewer,
  query: { projectId?: number | undefined; family?: string | undefined },
): Promise<InvestorView[]> {
  const { db, projects } = deps;
  const types = await investorTypes(deps);
  if (query.projectId === undefined) {
    const rows = await repo.listOfCompany(db, viewer.companyId);
    const projectsById = new Map<number, ProjectRow>();
    for (const projectId of new Set(rows.map((row) => row.projectId))) {
      const project = await projects.findById(projectId);
      if (project !== undefined) projectsById.set(projectId, project);
    }
    return rows.flatMap((row) => {
      const project = projectsById.get(row.projectId);
      if (project === undefined || (query.family !== undefined && project.family !== query.family)) return [];
      return [toView(row, project, types.label)];
    });
  }
  const project = await findCapitalIncrease(deps, query.projectId, query.family);
  const isOwnerView = project.companyId === viewer.companyId || isExchange(viewer);
  const rows = await repo.listOfProject(db, project.id, {
    ownCompanyId: viewer.companyId,
    othersSubmitted: isOwnerView,
  });
  // another company that registered nothing here learns nothing of the project
  if (!isOwnerView && rows.length === 0 && !isMember(viewer)) throw notFound();
  return rows.map((row) => toView(row, project, types.label));
}

/**
 * POST /api/capitalIncrease/customers: the caller's customers (企业客户 and 自然人客户), then its earlier
 * investors that are not among them, to register one in one pick.
 */
export async function listCustomers(
  deps: InvestorsDeps,
  viewer: Viewer,
  keyword: string,
): Promise<InvestorCustomer[]> {
  const { db, customers } = deps;
  const [registered, rows, types] = await Promise.all([
    customers?.(viewer, keyword.trim()) ?? [],
    repo.listCustomers(db, viewer.companyId, keyword.trim()),
    investorTypes(deps),
  ]);
  const typeOf = (label: string): string =>
    types.keys.find((key) => types.label(key) === label) ?? types.keys[0] ?? '';
  const fromRegistries: InvestorCustomer[] = registered.map((customer) => {
    const investorType = typeOf(customer.kind === 'company' ? '企业法人' : '自然人');
    const certType = customer.kind === 'company' ? 'creditCode' : 'idCard';
    return {
      investorType,
      investorTypeLabel: types.label(investorType),
      name: customer.name,
      certType,
      certTypeLabel: participantCertTypeLabel(certType),
      certNo: customer.certNo,
      contactName: customer.contactName,
      contactMobile: customer.contactMobile,
      key: customer.key,
    };
  });
  const names = new Set(fromRegistries.map((customer) => customer.name));
  return [
    ...fromRegistries,
    ...rows
      .filter((row) => !names.has(row.name))
      .map((row) => ({
        investorType: row.investorType,
        investorTypeLabel: types.label(row.investorType),
        name: row.name,
        certType: row.certType,
        certTypeLabel: participantCertTypeLabel(row.certType),
        certNo: displayCertNo(row.kind, row.certNo),
        contactName: row.contactName,
        contactMobile: row.contactMobile,
        key: `investor-${row.id}`,
      })),
  ];
}

/** GET /api/capitalIncrease/open: the disclosing capital increases open to registrations (their public facts). */
export async function listOpenCapitalIncreases(
  deps: InvestorsDeps,
  family?: string,
): Promise<OpenCapitalIncrease[]> {
  const { db, projects } = deps;
  const families = family === undefined ? CAPITAL_INCREASE_FAMILIES : [family];
  const disclosing = await projects.listInStatus(families, 'disclosing');
  // a selection closes the registration: the project is no longer offered
  const rows = [];
  for (const project of disclosing) if (!(await repo.hasSelection(db, project.id))) rows.push(project);
  return rows.map((project) => {
    const plan = planOf(project);
    return {
      id: project.id,
      name: project.name,
      code: project.code,
      family: project.family,
      companyName: project.companyName,
      raiseMin: plan.raiseMin ?? null,
      raiseMax: plan.raiseMax ?? null,
      offeredShare: plan.offeredShare ?? null,
      investorCount: plan.investorCount ?? null,
      disclosureEnd: project.disclosureEnd?.toISOString() ?? null,
    };
  });
}

/** The project's head for the exports (call after `listInvestors`, which checks the caller may see it). */
export async function readExportHead(deps: InvestorsDeps, projectId: number) {
  const { clock, users } = deps;
  const project = await findCapitalIncrease(deps, projectId);
  const [owner, exchangeName] = await Promise.all([
    users.findCompany(project.companyId),
    users.findExchangeName(),
  ]);
  return { project, plan: planOf(project), ownerName: owner?.name ?? '', exchangeName, day: clock.now() };
}
