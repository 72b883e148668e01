// An investor read only: every field of the registration, its status, the audit's opinion and time, and its files
// by slot. The show pages draw it, and the form does for an investor that is no longer a draft.
import { Button, Descriptions, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDateTime } from '@cqjy/domain/format';
import { INVESTOR_ATTACHMENTS, INVESTOR_FIELD_LABELS as L } from '@cqjy/domain/projects/investors';
import type { InvestorView } from '@cqjy/domain/projects/investors';
import { projectPathOf } from '@cqjy/domain/workflow/paths';
import { FileRow } from '../../components/index.ts';
import { InvestorStatusTag, showAmount, showShare } from './shared.tsx';

export type InvestorDetailsProps = {
  investor: InvestorView;
  files: readonly AttachmentItem[];
  /** the viewer may open the project (its owner, the exchange) */
  canOpenProject: boolean;
};

const time = (value: string | null): string => (value === null ? '—' : formatDateTime(value));
const text = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '—' : value;

export function InvestorDetails({ investor, files, canOpenProject }: InvestorDetailsProps) {
  const navigate = useNavigate();
  const isAudited = investor.auditedAt !== null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={2} styles={{ label: { width: 170 } }}>
        <Descriptions.Item label="增资项目" span={2}>
          <Space wrap>
            <span>
              {investor.projectName}（{investor.projectCode}）
            </span>
            {canOpenProject ? (
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                onClick={() => void navigate(projectPathOf(investor, investor.projectId))}
              >
                查看项目
              </Button>
            ) : null}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={L.name}>{investor.name}</Descriptions.Item>
        <Descriptions.Item label={L.investorType}>{investor.investorTypeLabel}</Descriptions.Item>
        <Descriptions.Item label={L.certType}>{investor.certTypeLabel}</Descriptions.Item>
        <Descriptions.Item label={L.certNo}>{investor.certNo}</Descriptions.Item>
        <Descriptions.Item label={L.contactName}>{investor.contactName}</Descriptions.Item>
        <Descriptions.Item label={L.contactMobile}>{investor.contactMobile}</Descriptions.Item>
        <Descriptions.Item label={L.amount}>{showAmount(investor.amount)}</Descriptions.Item>
        <Descriptions.Item label={L.share}>{showShare(investor.share)}</Descriptions.Item>
        <Descriptions.Item label="登记方">
          {investor.registrantCompanyName}
          {investor.isByMember ? '（会员代理）' : ''}
        </Descriptions.Item>
        <Descriptions.Item label={L.memberCompanyId}>{text(investor.memberCompanyName)}</Descriptions.Item>
        <Descriptions.Item label={L.note} span={2}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{text(investor.note)}</span>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <InvestorStatusTag investor={investor} />
        </Descriptions.Item>
        <Descriptions.Item label="提交时间">{time(investor.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label="审核意见">
          <span style={{ whiteSpace: 'pre-wrap' }}>{isAudited ? text(investor.auditReason) : '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="审核时间">{time(investor.auditedAt)}</Descriptions.Item>
        <Descriptions.Item label="登记时间">{time(investor.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{time(investor.updatedAt)}</Descriptions.Item>
      </Descriptions>
      <Descriptions bordered size="small" column={1} title="资格证明材料" styles={{ label: { width: 170 } }}>
        {INVESTOR_ATTACHMENTS.map((slot) => {
          const items = files.filter((file) => file.tag === slot.tag);
          return (
            <Descriptions.Item key={slot.tag} label={slot.label}>
              {items.length === 0 ? (
                <Typography.Text type="secondary">未上传</Typography.Text>
              ) : (
                items.map((item) => <FileRow key={item.uuid} item={item} />)
              )}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Space>
  );
}
