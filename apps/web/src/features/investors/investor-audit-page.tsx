// 投资方资格审核 (/index/capOpenInvestorAudit?projectId=): the exchange's audit screen of a capital increase's
// investors: the project in brief and its investors, each submitted one with 资格审核 (the section's table in its
// audit mode).
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { formatDate } from '@cqjy/domain/format';
import { readProjectForm } from '@cqjy/domain/projects/kinds/index';
import { projectPathOf } from '@cqjy/domain/workflow/paths';
import { projectQuery } from '../../api/projects.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { CloseButton, PageLoading, PageNotFound } from '../../components/index.ts';
import { InvestorsTable } from './investors-table.tsx';
import { showAmount, showShare } from './shared.tsx';

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

export function InvestorAuditPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const projectId = readQueryId(params.get('projectId'));
  const project = useQuery({ ...projectQuery(projectId ?? 0), enabled: projectId !== null });
  const title = usePageTitle();

  if (projectId === null || project.isError) {
    return <PageNotFound />;
  }
  const data = project.data;
  if (data === undefined) {
    return <PageLoading />;
  }
  const form = readProjectForm(data) as Record<string, unknown>;
  const raiseMin = numberOr(form.raiseMin);
  const raiseMax = numberOr(form.raiseMax);
  const offeredShare = numberOr(form.offeredShare);
  const investorCount = numberOr(form.investorCount);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {data.name}
            <Tag color="blue">{data.statusLabel}</Tag>
          </Space>
        }
        extra={
          <Space>
            <Button onClick={() => void navigate(projectPathOf(data, data.id))}>查看项目</Button>
            <CloseButton />
          </Space>
        }
      >
        <Descriptions bordered size="small" column={2} styles={{ label: { width: 150 } }}>
          <Descriptions.Item label="项目编号">{data.code}</Descriptions.Item>
          <Descriptions.Item label="融资方">{data.companyName}</Descriptions.Item>
          <Descriptions.Item label="拟募集资金金额">
            {raiseMin === undefined ? '—' : `${showAmount(raiseMin)}元`}至
            {raiseMax === undefined ? '不设上限' : `${showAmount(raiseMax)}元`}
          </Descriptions.Item>
          <Descriptions.Item label="拟新增股权比例">
            {offeredShare === undefined ? '—' : `${showShare(offeredShare)}%`}
          </Descriptions.Item>
          <Descriptions.Item label="拟征集投资方数量">
            {investorCount === undefined ? '—' : `${investorCount}名`}
          </Descriptions.Item>
          <Descriptions.Item label="披露期">
            {data.disclosureStart === null ? '—' : formatDate(data.disclosureStart)}至
            {data.disclosureEnd === null ? '—' : formatDate(data.disclosureEnd)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <InvestorsTable
        family={data.family}
        projectId={data.id}
        status={data.status}
        isOwner={false}
        project={data}
        isAuditMode
        title={title || '投资方资格审核'}
      />
    </Space>
  );
}
