// The calls of the plan pages (我的计划 / 计划管理, planAdd, planShow, planEdit): the caller's plans (scoped by
// the server to its company; the exchange's to every company), a plan's view, saving, deleting, and turning a plan
// into a draft project (POST /api/plan/to/project). Money travels as integer fen.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@cqjy/domain/api';
import type { PlanForm, PlanListRow, PlanProject, PlanStatus, PlanView } from '@cqjy/domain/plans';
import { http, unwrap } from '../../lib/http.ts';

export type PlanQuery = { page: number; size: number; keyword?: string; status?: PlanStatus };

export type Versioned = { id: number; version: number };

export const plansQuery = (query: PlanQuery) =>
  queryOptions({
    queryKey: ['plans', 'list', query] as const,
    queryFn: async () => unwrap(await http.post<Envelope<PageResult<PlanListRow>>>('/api/plan/list', query)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const planQuery = (id: number) =>
  queryOptions({
    queryKey: ['plans', 'show', id] as const,
    queryFn: async () => unwrap(await http.get<Envelope<PlanView>>(`/api/plan/show/${id}`)),
    staleTime: 0,
  });

export async function savePlan(form: PlanForm): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>('/api/plan/save', { form }), { showSuccess: true });
}

export async function updatePlan(id: number, version: number, form: PlanForm): Promise<Versioned> {
  return unwrap(await http.post<Envelope<Versioned>>(`/api/plan/update/${id}`, { version, form }), {
    showSuccess: true,
  });
}

export async function deletePlan(plan: Versioned): Promise<void> {
  unwrap(await http.post<Envelope<unknown>>(`/api/plan/delete/${plan.id}`, { version: plan.version }), {
    showSuccess: true,
  });
}

export async function planToProject(plan: Versioned): Promise<PlanProject> {
  const body = { id: plan.id, version: plan.version };
  return unwrap(await http.post<Envelope<PlanProject>>('/api/plan/to/project', body), {
    showSuccess: true,
  });
}
