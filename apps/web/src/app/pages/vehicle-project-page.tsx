// 查看项目 of a motor-vehicle disposal (/index/vehicleShowProject?id=): its owner and the exchange see the project page
// every family has (the form, the actions, the process log, and the vehicles as its own section); the assessment
// institution assigned, a dismantler it was dealt to and, once it was listed, any member or dismantler see the disposal as
// the vehicles module answers it to them (plates masked). The disposal's own call says who the reader is.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { readQueryId } from '../../lib/query-id.ts';
import { PageLoading, PageNotFound } from '../../components/index.ts';
import { ProjectViewPage } from '../../features/projects/index.ts';
import { DisposalPage, disposalQuery } from '../../features/vehicles/index.ts';

export function VehicleProjectPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const disposal = useQuery({ ...disposalQuery(id ?? 0), enabled: id !== null });
  if (id === null || disposal.isError) {
    return <PageNotFound />;
  }
  if (disposal.data === undefined) {
    return <PageLoading />;
  }
  const { role } = disposal.data;
  return role === 'owner' || role === 'exchange' ? <ProjectViewPage /> : <DisposalPage projectId={id} />;
}
