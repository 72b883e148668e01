// What a project's screen shows when opened without its project (a bookmark, a reload, an address without ?id= or
// ?projectId=, a shared rights screen without ?family=): 请从项目页进入, and 我的项目 narrowed to the projects on
// which the screen's action can be started — for a workflow screen, as the action registry knows them
// (projects/list-filter.ts); another page says which projects it needs.
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { NO_PROJECT_FILTER, projectListPath, screenProjectFilter } from '@cqjy/domain/projects/list-filter';
import type { ProjectListFilter } from '@cqjy/domain/projects/list-filter';
import { findRouteByName } from '@cqjy/domain/routes';
import { findStepByRouteName } from '@cqjy/domain/workflow/actions';
import { RecordNeeded } from '../../components/index.ts';
import { usePageTitle, useRouteDef } from '../../lib/route-handle.ts';

/** The name of the project list, as the menu and the tab say it. */
const PROJECT_LIST_TITLE = findRouteByName('project')?.title ?? '我的项目';

/** The projects the page's screen can act on: its action's, on a workflow screen; else `fallback`. */
function useScreenFilter(fallback: ProjectListFilter): ProjectListFilter {
  const route = useRouteDef();
  const step = route === undefined ? undefined : findStepByRouteName(route.name);
  return step === undefined ? fallback : screenProjectFilter(step.screens, step.action);
}

export function ProjectNeeded({ filter }: { filter?: ProjectListFilter }) {
  const title = usePageTitle();
  const screenFilter = useScreenFilter(NO_PROJECT_FILTER);
  return (
    <RecordNeeded
      title={MSG.enterFromProject}
      description={formatMessage(MSG.enterFromProjectHint, { title })}
      to={projectListPath(filter ?? screenFilter)}
      linkLabel={PROJECT_LIST_TITLE}
    />
  );
}
