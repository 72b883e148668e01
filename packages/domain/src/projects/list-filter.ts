// 我的项目 narrowed to the projects a screen needs (/index/project?family=stock&family=privateStock&status=dealt): a
// screen opened without its project (a bookmark, a reload of a workflow step) links there, to the families and
// statuses on which its action can be started as the action registry knows them, and the list reads the same query
// back and asks the server for those projects only. The query is written and read here alone.
import { findRouteByName } from '../routes.ts';
import { findAction } from '../workflow/actions.ts';
import { familiesOfScreens, type ScreenGroupKey } from '../workflow/families.ts';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '../workflow/statuses.ts';
import { isProjectFamily, type ProjectFamily } from './kinds/index.ts';

/** Projects of any of `families` in any of `statuses`; an empty list does not narrow. */
export type ProjectListFilter = {
  families: readonly ProjectFamily[];
  statuses: readonly ProjectStatus[];
};

export const NO_PROJECT_FILTER: ProjectListFilter = { families: [], statuses: [] };

const STATUS_ORDER = Object.keys(PROJECT_STATUS_LABELS) as ProjectStatus[];

const FAMILY_PARAM = 'family';
const STATUS_PARAM = 'status';

export function isProjectStatus(value: string): value is ProjectStatus {
  return Object.hasOwn(PROJECT_STATUS_LABELS, value);
}

/** Whether a filter narrows the list at all. */
export function isProjectFilterSet(filter: ProjectListFilter): boolean {
  return filter.families.length > 0 || filter.statuses.length > 0;
}

/** The address of 我的项目 showing the projects of `filter`. */
export function projectListPath(filter: ProjectListFilter = NO_PROJECT_FILTER): string {
  const path = findRouteByName('project')?.path ?? '/index/project';
  const search = new URLSearchParams([
    ...filter.families.map((family): [string, string] => [FAMILY_PARAM, family]),
    ...filter.statuses.map((status): [string, string] => [STATUS_PARAM, status]),
  ]).toString();
  return search === '' ? path : `${path}?${search}`;
}

/** The filter of 我的项目's query; what names no family with projects or no status is left out. */
export function readProjectListFilter(params: URLSearchParams): ProjectListFilter {
  const unique = <T extends string>(values: T[]): T[] => [...new Set(values)];
  return {
    families: unique(params.getAll(FAMILY_PARAM).filter(isProjectFamily)),
    statuses: unique(params.getAll(STATUS_PARAM).filter(isProjectStatus)),
  };
}

/**
 * The projects on which the action of a screen group can be started: the families on those screens that have
 * projects and whose registry serves the action, in the statuses the action allows (every status when one of the
 * families allows any). A project's own view (`show`) and the actions of a module of their own (the investors)
 * are no engine action: every project of the families then.
 */
export function screenProjectFilter(screens: ScreenGroupKey, action: string): ProjectListFilter {
  const families = familiesOfScreens(screens).filter(isProjectFamily);
  const configs = families.flatMap((family) => findAction(family, action) ?? []);
  if (configs.length === 0) return { families, statuses: [] };
  const isAnyStatus = configs.some((config) => config.allowedProjectStatuses === null);
  const allowed = new Set(configs.flatMap((config) => config.allowedProjectStatuses ?? []));
  // in the statuses' own order, so that every screen of an action links to the same address
  const statuses = isAnyStatus ? [] : STATUS_ORDER.filter((status) => allowed.has(status));
  return { families: configs.map((config) => config.family).filter(isProjectFamily), statuses };
}
