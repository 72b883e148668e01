// Which screen a workflow route is: the route table entry of the page (its handle) names the family, the action
// and the step kind through the domain registry, and the query string carries the instance (?id=, ?taskId=) or,
// for a new application, the project (?projectId=).
import { useSearchParams } from 'react-router';
import { findAction, findStepByRouteName } from '@cqjy/domain/workflow/actions';
import type { ActionConfig, StepRef } from '@cqjy/domain/workflow/actions';
import { useRouteDef } from '../../app/route-handle.ts';
import { readQueryId } from '../../app/query-id.ts';

export type StepContext = StepRef & { routeName: string; title: string; config: ActionConfig | undefined };

export function useStepContext(): StepContext | null {
  const route = useRouteDef();
  if (route === undefined) return null;
  const step = findStepByRouteName(route.name);
  if (step === undefined) return null;
  return { ...step, routeName: route.name, title: route.title, config: findAction(step.family, step.action) };
}

export function useStepQuery(): { id: number | null; taskId: number | null; projectId: number | null } {
  const [params] = useSearchParams();
  return {
    id: readQueryId(params.get('id')),
    taskId: readQueryId(params.get('taskId')),
    projectId: readQueryId(params.get('projectId')),
  };
}

/** The address of a workflow screen with its query. */
export function stepPath(routeName: string, query: Record<string, number | null | undefined>): string {
  const search = new URLSearchParams(
    Object.entries(query)
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return search === '' ? `/index/${routeName}` : `/index/${routeName}?${search}`;
}
