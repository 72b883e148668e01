// 代理意向登记 (/index/addIntention): the member registers a buyer it represents on a disclosing project.
//   neither     a new registration: the project is picked among the projects open to registrations (typing asks
//               the server), and its listing price, deposit and deadline are shown once picked;
//   ?projectId= the same with that project picked (a project page's 代理意向登记);
//   ?id=        the member's draft or returned registration; a returned one shows the exchange's reason on top.
// The buyer's fields are checked with the domain's rules field by field, then whole with checkIntention as the server
// runs it, so the form refuses what the server refuses with the same words and sends nothing then. The offer is
// typed in yuan and sent in fen. 从客户中选择 copies one of the company's customers. The qualification files are
// uploaded under a draft id until the first save, which adopts them. 保存 stores the draft and stays on its form;
// 生成登记函 stores it, draws the letter and opens the registration's view, where the letter is e-signed.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Result, Space } from 'antd';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { readQueryId } from '../../lib/query-id.ts';
import { CloseButton, PageLoading, PageNotFound } from '../../components/index.ts';
import { intentionQuery, openProjectsQuery } from './api.ts';
import { IntentionEditor } from './intention-editor.tsx';
import { INTENTION_LIST_PATH, intentionViewPath, isEditable } from './shared.tsx';

function Loading() {
  return <PageLoading />;
}

export function IntentionFormPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  if (rawId !== null) {
    const id = readQueryId(rawId);
    return id === null ? <PageNotFound /> : <EditIntention key={id} id={id} />;
  }
  const projectId = readQueryId(params.get('projectId'));
  return <NewIntention key={projectId ?? 0} projectId={projectId} />;
}

/** A new registration, on the project named in the address when there is one and it is still open. */
function NewIntention({ projectId }: { projectId: number | null }) {
  const open = useQuery({ ...openProjectsQuery(''), enabled: projectId !== null });
  const [createId] = useState(() => crypto.randomUUID());
  if (projectId !== null && open.isPending) return <Loading />;
  const named = projectId === null ? null : (open.data?.find((project) => project.id === projectId) ?? null);
  return (
    <Card title="代理意向登记">
      {projectId !== null && named === null ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={MSG.intentionProjectClosed} />
      ) : null}
      <IntentionEditor view={null} initialProject={named} createId={createId} />
    </Card>
  );
}

/** The member's registration: edited while a draft or returned, else pointed to its view. */
function EditIntention({ id }: { id: number }) {
  const navigate = useNavigate();
  const view = useQuery(intentionQuery(id));
  // The editor starts from the server's current version, never from an earlier visit's cached copy.
  if (view.isError) return <PageNotFound />;
  if (view.data === undefined || !view.isFetchedAfterMount) return <Loading />;
  const intention = view.data;
  if (!isEditable(intention.status)) {
    return (
      <Result
        status="info"
        title={formatMessage(MSG.intentionReadOnly, { status: intention.statusLabel })}
        extra={
          <Space>
            <Button
              type="primary"
              onClick={() =>
                void navigate(intentionViewPath(intention.family, intention.id), { replace: true })
              }
            >
              查看
            </Button>
            <CloseButton to={INTENTION_LIST_PATH} />
          </Space>
        }
      />
    );
  }
  return (
    <Card title="代理意向登记">
      {intention.status === 'returned' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={formatMessage(MSG.intentionReturnedAlert, {
            reason: intention.reviewReason === '' ? '—' : intention.reviewReason,
          })}
        />
      ) : null}
      <IntentionEditor view={intention} initialProject={null} />
    </Card>
  );
}
