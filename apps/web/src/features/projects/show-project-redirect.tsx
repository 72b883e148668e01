// /index/showproject?id= (spec 000 section 2): the generic project view hands over to its family's view
// ({family}ShowProject), once the project says which family it is; a family without a view of its own is shown on
// the project page of every family here. Without an id it sends the user to pick the project.
import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { PageLoading, PageNotFound } from '../../components/index.ts';
import { projectQuery } from '../../api/projects.ts';
import { ProjectNeeded } from '../workflow/index.ts';
import { projectShowPath } from './project-list-page.tsx';
import { ProjectViewPage } from './project-view-page.tsx';
import { readQueryId } from '../../lib/query-id.ts';

export function ShowProjectRedirect() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const project = useQuery({ ...projectQuery(id ?? 0), enabled: id !== null });
  if (id === null) return <ProjectNeeded />;
  if (project.isError) return <PageNotFound />;
  if (project.data === undefined) {
    return <PageLoading />;
  }
  const target = projectShowPath(project.data);
  // a family without a view of its own would send the user back here: the page of every family shows it
  if (target.startsWith('/index/showproject')) return <ProjectViewPage />;
  return <Navigate to={target} replace />;
}
