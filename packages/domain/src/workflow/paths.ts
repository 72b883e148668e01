// The in-app addresses of workflow screens, for the web's links and the server's notifications alike.
import { findStepByRouteName } from './actions.ts';
import { familiesOfScreens, isFamilyKey, projectShowRoute } from './families.ts';

/**
 * The address of a workflow screen with its query, for a project of `family`: the family travels in the query
 * only where the screen is shared by several families.
 */
export function stepPath(
  routeName: string,
  query: Record<string, string | number | null | undefined>,
  family: string,
): string {
  const step = findStepByRouteName(routeName);
  const isShared = step !== undefined && familiesOfScreens(step.screens).length > 1;
  const entries = Object.entries(query)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined)
    .map(([key, value]): [string, string] => [key, String(value)]);
  const search = new URLSearchParams(isShared ? [...entries, ['family', family]] : entries).toString();
  return search === '' ? `/index/${routeName}` : `/index/${routeName}?${search}`;
}

/** The page of a project of `family`. */
export function projectPathOf(config: { family: string }, projectId: number): string {
  const route = isFamilyKey(config.family) ? projectShowRoute(config.family) : undefined;
  return stepPath(route ?? 'showproject', { id: projectId }, config.family);
}
