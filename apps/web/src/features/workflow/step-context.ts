// Which screen a workflow route is: the route table entry of the page (its handle) names the screen group, the
// action and the step kind through the domain registry; the query string carries the instance (?id=, ?taskId=)
// or, for a new application, the project (?projectId=), and — on the screens several families share (the
// rights-type screens of stock and privateStock) — the family (?family=).
import { useSearchParams } from 'react-router';
import { findAction, findStepByRouteName } from '@cqjy/domain/workflow/actions';
import type { ActionConfig, StepRef } from '@cqjy/domain/workflow/actions';
import { familiesOfScreens } from '@cqjy/domain/workflow/families';
import type { FamilyKey } from '@cqjy/domain/workflow/families';
import { useRouteDef } from '../../lib/route-handle.ts';
import { readQueryId } from '../../lib/query-id.ts';

export type StepContext = StepRef & {
  /** the family the screen serves: its group's one family, or the query's on a shared screen (null if none) */
  family: FamilyKey | null;
  routeName: string;
  title: string;
  config: ActionConfig | undefined;
};

export function useStepContext(): StepContext | null {
  const route = useRouteDef();
  const [params] = useSearchParams();
  if (route === undefined) return null;
  const step = findStepByRouteName(route.name);
  if (step === undefined) return null;
  const families = familiesOfScreens(step.screens);
  const family =
    families.length === 1
      ? (families[0] ?? null)
      : (families.find((f) => f === params.get('family')) ?? null);
  return {
    ...step,
    family,
    routeName: route.name,
    title: route.title,
    config: family === null ? undefined : findAction(family, step.action),
  };
}

export function useStepQuery(): { id: number | null; taskId: number | null; projectId: number | null } {
  const [params] = useSearchParams();
  return {
    id: readQueryId(params.get('id')),
    taskId: readQueryId(params.get('taskId')),
    projectId: readQueryId(params.get('projectId')),
  };
}

export { projectPathOf, stepPath } from '@cqjy/domain/workflow/paths';
