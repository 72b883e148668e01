// 查看投资方信息 (/index/capInvestorShow?id=) and the member's 代理意向登记 view of the same (/index/capShow?id=): an
// investor's every field, its status, the audit's opinion and time, its files, and the way to its project for the
// viewers who may open it (the owner, the exchange). The exchange audits a submitted investor here (资格审核); the
// registrant edits, submits or deletes its draft.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Popconfirm, Space } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatMessage } from '@cqjy/domain/format';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import type { InvestorView } from '@cqjy/domain/projects/investors';
import { projectPathOf } from '@cqjy/domain/workflow/paths';
import { readQueryId } from '../../lib/query-id.ts';
import { useSession } from '../../lib/session-store.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { CloseButton, PageLoading, PageNotFound } from '../../components/index.ts';
import { deleteInvestors, investorFilesQuery, investorQuery, submitInvestor } from './api.ts';
import { InvestorAuditDialog } from './audit-dialog.tsx';
import { InvestorDetails } from './investor-details.tsx';
import {
  confirmSubmission,
  InvestorStatusTag,
  investorEditPath,
  isOwnDraft,
  useRegistrationsHome,
} from './shared.tsx';

type Busy = 'submit' | 'delete' | null;

export function InvestorShowPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const view = useQuery({ ...investorQuery(id ?? 0), enabled: id !== null });
  const files = useQuery({ ...investorFilesQuery(id ?? 0), enabled: id !== null });

  if (id === null || view.isError) {
    return <PageNotFound />;
  }
  if (view.data === undefined) {
    return <PageLoading />;
  }
  return <InvestorShow investor={view.data} files={files.data ?? []} />;
}

function InvestorShow({ investor, files }: { investor: InvestorView; files: readonly AttachmentItem[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const companyId = useSession((session) => session.userInfo?.companyId);
  const identityType = useSession((session) => session.identityType);
  const isExchange = identityType === IDENTITY.admin;
  const home = useRegistrationsHome();
  const [isAuditing, setIsAuditing] = useState(false);
  const { busy, run } = useBusy<NonNullable<Busy>>();
  const isDraft = isOwnDraft(investor, companyId);
  const isOwn = investor.registrantCompanyId === companyId;
  // Who sees an investor not its own is the project's owner or the exchange; the registrant member is neither.
  const canOpenProject = isExchange || !(isOwn && investor.isByMember);

  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: ['investors'] });

  const onSubmit = async (): Promise<void> => {
    const byTag: Record<string, unknown[]> = {};
    for (const file of files) (byTag[file.tag] ??= []).push(file);
    if (!(await confirmSubmission(byTag))) return;
    await run('submit', async () => {
      await submitInvestor(investor);
      await refresh();
    });
  };

  const onDelete = () =>
    run('delete', async () => {
      await deleteInvestors([investor.id]);
      queryClient.removeQueries({ queryKey: investorQuery(investor.id).queryKey });
      void refresh();
      // back where the draft was listed: the member's registrations, or the project
      void navigate(home?.listPath ?? projectPathOf(investor, investor.projectId));
    });

  return (
    <Card
      title={
        <Space>
          {`投资方：${investor.name}`}
          <InvestorStatusTag investor={investor} />
        </Space>
      }
      extra={
        <Space>
          {isExchange && investor.status === 'submitted' ? (
            <Button type="primary" onClick={() => setIsAuditing(true)}>
              资格审核
            </Button>
          ) : null}
          {isDraft ? (
            <>
              <Button onClick={() => void navigate(investorEditPath(investor.id))}>编辑</Button>
              <Button
                type="primary"
                loading={busy === 'submit'}
                disabled={busy !== null}
                onClick={() => void onSubmit()}
              >
                提交
              </Button>
              <Popconfirm
                title={MSG.investorsDeleteTitle}
                description={formatMessage(MSG.investorsDeleteConfirm, { count: 1 })}
                okText="删除"
                cancelText={MSG.cancel}
                onConfirm={() => onDelete()}
              >
                <Button danger loading={busy === 'delete'} disabled={busy !== null}>
                  删除
                </Button>
              </Popconfirm>
            </>
          ) : null}
          <CloseButton />
        </Space>
      }
    >
      <InvestorDetails investor={investor} files={files} canOpenProject={canOpenProject} />
      {isAuditing ? (
        <InvestorAuditDialog
          investor={investor}
          onClose={() => setIsAuditing(false)}
          onAudited={() => {
            setIsAuditing(false);
            void refresh();
          }}
        />
      ) : null}
    </Card>
  );
}
