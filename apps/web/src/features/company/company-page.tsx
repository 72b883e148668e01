// 机构信息: the signed-in company's basic information and its qualification files (营业执照 and other
// certificates), uploaded, previewed, downloaded and deleted with the common file widgets. The company's editable
// registration data belongs to account opening and authentication; this page shows it read-only. A dismantler
// (拆解企业) also keeps its 报废机动车回收拆解资质 here: the vehicles module's card, which it needs in force to
// take scrapped vehicles.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Space } from 'antd';
import { IDENTITY, IDENTITY_LABELS, identityName } from '@cqjy/domain/identity';
import { maskMobile } from '@cqjy/domain/validation/mobile';
import type { AttachmentItem } from '@cqjy/domain/api';
import { fetchRelatedAttachments } from '../../api/attachments.ts';
import { useSession } from '../../lib/session-store.ts';
import { FileUpload } from '../../components/index.ts';
import { DismantlerLicenceCard } from '../vehicles/index.ts';

/** The record class the company's files are filed under (`dataClass` of spec 000 section 3). */
export const COMPANY_DATA_CLASS = 'company';

const QUALIFICATION_TAGS = [
  { tag: 'businessLicense', label: '营业执照', maxCount: 1 },
  { tag: 'qualification', label: '其他资质证明', maxCount: 10 },
] as const;

function companyFilesQuery(companyId: number) {
  return {
    queryKey: ['attachments', COMPANY_DATA_CLASS, companyId] as const,
    queryFn: () => fetchRelatedAttachments(COMPANY_DATA_CLASS, String(companyId)),
  };
}

export function CompanyPage() {
  const userInfo = useSession((session) => session.userInfo);
  const companyId = userInfo?.companyId ?? null;
  const queryClient = useQueryClient();
  const files = useQuery({ ...companyFilesQuery(companyId ?? 0), enabled: companyId !== null });
  const identity = identityName(userInfo?.identityType);
  const identityType = useSession((session) => session.identityType);

  const filesOf = (tag: string): AttachmentItem[] => (files.data ?? []).filter((item) => item.tag === tag);
  const onFilesChange = (tag: string, next: AttachmentItem[]): void => {
    if (companyId === null) return;
    queryClient.setQueryData(companyFilesQuery(companyId).queryKey, [
      ...(files.data ?? []).filter((item) => item.tag !== tag),
      ...next,
    ]);
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="基本信息">
        <Descriptions column={2}>
          <Descriptions.Item label="机构名称">{userInfo?.companyName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="机构类型">{identity ? IDENTITY_LABELS[identity] : '—'}</Descriptions.Item>
          <Descriptions.Item label="经办人">
            {userInfo?.nickname || userInfo?.username || '—'}
          </Descriptions.Item>
          <Descriptions.Item label="联系电话">
            {userInfo?.mobile ? maskMobile(userInfo.mobile) : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="资质文件" loading={files.isPending && companyId !== null}>
        <Descriptions column={1} bordered>
          {QUALIFICATION_TAGS.map(({ tag, label, maxCount }) => (
            <Descriptions.Item key={tag} label={label}>
              {companyId === null ? null : (
                <FileUpload
                  tag={tag}
                  dataClass={COMPANY_DATA_CLASS}
                  dataId={String(companyId)}
                  maxCount={maxCount}
                  value={filesOf(tag)}
                  onChange={(next) => onFilesChange(tag, next)}
                  buttonText={`上传${label}`}
                />
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
      {identityType === IDENTITY.disassembly ? <DismantlerLicenceCard /> : null}
    </Space>
  );
}
