// 投资方信息录入 (/index/capInvestorAon): the registration of an investor of a disclosing capital increase.
//   ?projectId= (&family=)  a new investor of that project (the owner's 登记投资方 on the project page);
//   ?id=                    the registrant's draft; an investor past its draft is shown read only;
//   neither                 a member coming from 代理意向方 picks the project first, among the capital increases of
//                           both families open to registration (investor-project-picker.tsx).
// The form itself is investor-editor.tsx, its values and what they become on the wire investor-form-values.ts. The
// amount is typed in yuan and sent in fen, the share typed as a percentage with four decimals and sent in
// millionths. A member registers for its customer (从客户中选择 copies an earlier one, the number typed again) and
// represents the investor itself; the owner may name the member representing it (代理会员). The qualification files
// are uploaded under a draft id until the first save, which adopts them. 保存 stores the draft; 提交 stores it and
// sends it to the exchange's audit, the required files checked first.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Alert, Card, Result } from 'antd';
import { formatMessage } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { INVESTOR_EDITABLE_STATUSES } from '@cqjy/domain/projects/investors';
import { readQueryId } from '../../lib/query-id.ts';
import { useSession } from '../../lib/session-store.ts';
import { CloseButton, PageLoading, PageNotFound } from '../../components/index.ts';
import { investorFilesQuery, investorQuery, openCapitalIncreasesQuery } from './api.ts';
import { InvestorDetails } from './investor-details.tsx';
import { InvestorEditor } from './investor-editor.tsx';
import type { ProjectFacts } from './investor-form-values.ts';
import { ProjectPicker } from './investor-project-picker.tsx';

export function InvestorFormPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const rawProjectId = params.get('projectId');
  const id = readQueryId(rawId);
  const projectId = readQueryId(rawProjectId);
  if (rawId !== null) {
    return id === null ? <PageNotFound /> : <EditInvestor id={id} />;
  }
  if (rawProjectId !== null) {
    return projectId === null ? <PageNotFound /> : <NewInvestor projectId={projectId} />;
  }
  return <PickProjectThenRegister />;
}

/** A new investor of a project named in the address: registered while the project is open to registration. */
function NewInvestor({ projectId }: { projectId: number }) {
  const open = useQuery(openCapitalIncreasesQuery());
  const [createId] = useState(() => crypto.randomUUID());
  if (open.data === undefined) {
    return open.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <PageLoading />
    );
  }
  const project = open.data.find((entry) => entry.id === projectId);
  if (project === undefined) {
    return <Result status="warning" title={MSG.investorsRegistrationClosed} extra={<CloseButton />} />;
  }
  return (
    <Card title="投资方信息录入">
      <InvestorEditor project={project} view={null} files={[]} createId={createId} />
    </Card>
  );
}

/** A member's registration from its list: the project is picked first among the open capital increases. */
function PickProjectThenRegister() {
  const open = useQuery(openCapitalIncreasesQuery());
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [createId] = useState(() => crypto.randomUUID());
  const projects = open.data ?? [];
  const picked = projects.find((project) => project.id === pickedId);
  return (
    <Card title="投资方信息录入">
      <ProjectPicker
        projects={projects}
        isFetching={open.isFetching}
        pickedId={pickedId}
        onPick={setPickedId}
      />
      {picked === undefined ? null : (
        <InvestorEditor key={picked.id} project={picked} view={null} files={[]} createId={createId} />
      )}
    </Card>
  );
}

/** The registrant's draft: edited while a draft, read only after. */
function EditInvestor({ id }: { id: number }) {
  const view = useQuery(investorQuery(id));
  const files = useQuery(investorFilesQuery(id));
  const open = useQuery(openCapitalIncreasesQuery());
  const companyId = useSession((session) => session.userInfo?.companyId);
  const isExchange = useSession((session) => session.identityType === IDENTITY.admin);
  // The editor starts from the server's current version, never from an earlier visit's cached copy.
  if (view.isError || files.isError) return <PageNotFound />;
  if (view.data === undefined || files.data === undefined || !view.isFetchedAfterMount || open.isPending) {
    return <PageLoading />;
  }
  const investor = view.data;
  const isEditable =
    investor.registrantCompanyId === companyId && INVESTOR_EDITABLE_STATUSES.includes(investor.status);
  if (!isEditable) {
    return (
      <Card title="投资方信息录入" extra={<CloseButton />}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={formatMessage(MSG.investorsReadOnly, { status: investor.statusLabel })}
        />
        <InvestorDetails
          investor={investor}
          files={files.data}
          canOpenProject={isExchange || !(investor.registrantCompanyId === companyId && investor.isByMember)}
        />
      </Card>
    );
  }
  const listed = open.data?.find((entry) => entry.id === investor.projectId);
  const project: ProjectFacts = listed ?? {
    id: investor.projectId,
    name: investor.projectName,
    code: investor.projectCode,
    family: investor.family,
  };
  return (
    <Card title="投资方信息录入">
      {listed === undefined ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={MSG.investorsRegistrationClosed} />
      ) : null}
      <InvestorEditor
        key={`${investor.id}-${investor.version}`}
        project={project}
        view={investor}
        files={files.data}
      />
    </Card>
  );
}
