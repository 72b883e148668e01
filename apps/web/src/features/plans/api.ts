// The calls of the plan pages (我的计划 / 计划管理, planAdd, planShow, planEdit; contracts/plans.ts): the caller's
// plans (scoped by the server to its company; the exchange's to every company), a plan's view, saving, deleting,
// and turning a plan into a draft project. Money travels as integer fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  deletePlanCall,
  listPlansCall,
  planToProjectCall,
  savePlanCall,
  showPlanCall,
  updatePlanCall,
  type PlanListQuery,
  type PlanSaved,
} from '@cqjy/domain/contracts/plans';
import type { PlanForm, PlanProject } from '@cqjy/domain/plans';
import { fetchData } from '../../lib/call.ts';

/** The page keeps its page and size itself: both always sent. */
export type PlanQuery = PlanListQuery & { page: number; size: number };

export type Versioned = PlanSaved;

export const plansQuery = (query: PlanQuery) =>
  queryOptions({
    queryKey: ['plans', 'list', query] as const,
    queryFn: () => fetchData(listPlansCall, { body: query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const planQuery = (id: number) =>
  queryOptions({
    queryKey: ['plans', 'show', id] as const,
    queryFn: () => fetchData(showPlanCall, { params: { id } }),
    staleTime: 0,
  });

export function savePlan(form: PlanForm): Promise<Versioned> {
  return fetchData(savePlanCall, { body: { form } }, { showSuccess: true });
}

export function updatePlan(id: number, version: number, form: PlanForm): Promise<Versioned> {
  return fetchData(updatePlanCall, { params: { id }, body: { version, form } }, { showSuccess: true });
}

export async function deletePlan(plan: Versioned): Promise<void> {
  await fetchData(
    deletePlanCall,
    { params: { id: plan.id }, body: { version: plan.version } },
    { showSuccess: true },
  );
}

export function planToProject(plan: Versioned): Promise<PlanProject> {
  const body = { id: plan.id, version: plan.version };
  return fetchData(planToProjectCall, { body }, { showSuccess: true });
}
