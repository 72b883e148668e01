// 报废机动车回收拆解资质 on a dismantler's company page (机构信息): its licence (报废机动车回收拆解企业资质认定书;
// State Council order 715: only a company holding one in force may take scrapped vehicles) — number, issuing
// authority, validity — and the licence's scan, which is uploaded first and required. The exchange deals scrapped
// vehicles only to a dismantler whose licence is in force, and the dismantler receives them only then; renewing it
// here is what lifts the warning on the receiving page. Checked by the domain's checkLicence before it is sent.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Space, Tag } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDate } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import {
  checkLicence,
  DISMANTLER_LICENCE_DATA_CLASS,
  DISMANTLER_LICENCE_TAG,
  LICENCE_NO_MAX,
} from '@cqjy/domain/vehicle-parties';
import { type DismantlerLicenceView } from '@cqjy/domain/vehicle-views';
import { useSession } from '../../lib/session-store.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { clearErrorsOnChange, DayPicker, FileUpload } from '../../components/index.ts';
import { licenceQuery, saveLicence, vehicleKeys } from './api.ts';

export type LicenceState = 'none' | 'valid' | 'notYet' | 'expired';

/** Where the licence stands today: not recorded, in force, not yet in force, or expired. */
export function licenceStateOf(
  licence: Pick<DismantlerLicenceView, 'licenceNo' | 'isValid' | 'validFrom'>,
): LicenceState {
  if (licence.licenceNo === '') return 'none';
  if (licence.isValid) return 'valid';
  return licence.validFrom > formatDate(Date.now()) ? 'notYet' : 'expired';
}

const STATE_TAGS: Record<LicenceState, { color: string; label: string }> = {
  none: { color: 'default', label: '未登记' },
  valid: { color: 'success', label: '有效' },
  notYet: { color: 'warning', label: '未生效' },
  expired: { color: 'error', label: '已过期' },
};

export function LicenceTag({ licence }: { licence: DismantlerLicenceView }) {
  const tag = STATE_TAGS[licenceStateOf(licence)];
  return (
    <Tag color={tag.color} data-testid="licence-state">
      {tag.label}
    </Tag>
  );
}

type LicenceValues = { licenceNo?: string; issuer?: string; validFrom?: string; validTo?: string };

/** Which field a refusal of checkLicence is about: each message names its field (the order one: 有效期至). */
function fieldOf(message: string): keyof LicenceValues {
  if (message.includes('编号')) return 'licenceNo';
  if (message.includes('发证机关')) return 'issuer';
  if (message.includes('有效期起')) return 'validFrom';
  return 'validTo';
}

export function DismantlerLicenceCard() {
  const licence = useQuery(licenceQuery());
  const companyId = useSession((session) => session.userInfo?.companyId ?? null);
  return (
    <Card
      title="报废机动车回收拆解资质"
      loading={licence.isPending}
      extra={licence.data === undefined ? null : <LicenceTag licence={licence.data} />}
    >
      {licence.data !== undefined && companyId !== null ? (
        // a saved licence (a new version) starts the form again from what the server keeps
        <LicenceForm key={licence.data.version} licence={licence.data} companyId={companyId} />
      ) : licence.isError ? (
        MSG.notFound
      ) : null}
    </Card>
  );
}

function LicenceForm({ licence, companyId }: { licence: DismantlerLicenceView; companyId: number }) {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LicenceValues>();
  const [files, setFiles] = useState<AttachmentItem[]>(licence.files);
  const [fileError, setFileError] = useState<string | null>(null);
  const { busy, run } = useBusy<'save'>();

  const submit = async (): Promise<void> => {
    const checked = checkLicence({ version: licence.version, ...form.getFieldsValue() });
    if (checked.message !== null) {
      form.setFields([{ name: fieldOf(checked.message), errors: [checked.message] }]);
      return;
    }
    if (files.length === 0) {
      setFileError(MSG.vehicleLicenceFileRequired);
      return;
    }
    await run('save', async () => {
      await saveLicence({ version: licence.version, ...checked.value });
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    });
  };

  return (
    <Form<LicenceValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 720 }}
      initialValues={{
        licenceNo: licence.licenceNo,
        issuer: licence.issuer,
        validFrom: licence.validFrom,
        validTo: licence.validTo,
      }}
      onValuesChange={clearErrorsOnChange(form)}
    >
      <Space size={16} style={{ display: 'flex' }} align="start" wrap>
        <Form.Item name="licenceNo" label="资质认定书编号" required style={{ width: 320 }}>
          <Input maxLength={LICENCE_NO_MAX} />
        </Form.Item>
        <Form.Item name="issuer" label="发证机关" required style={{ width: 360 }}>
          <Input maxLength={100} />
        </Form.Item>
      </Space>
      <Space size={16} style={{ display: 'flex' }} align="start" wrap>
        <Form.Item name="validFrom" label="有效期起" required>
          <DayPicker aria-label="有效期起" />
        </Form.Item>
        <Form.Item name="validTo" label="有效期至" required>
          <DayPicker aria-label="有效期至" />
        </Form.Item>
      </Space>
      <Form.Item
        label="资质认定书扫描件"
        required
        validateStatus={fileError === null ? undefined : 'error'}
        help={fileError ?? undefined}
      >
        <FileUpload
          tag={DISMANTLER_LICENCE_TAG}
          dataClass={DISMANTLER_LICENCE_DATA_CLASS}
          dataId={String(companyId)}
          value={files}
          maxCount={5}
          onChange={(next) => {
            setFiles(next);
            setFileError(null);
          }}
          buttonText="上传扫描件"
        />
      </Form.Item>
      <Button type="primary" loading={busy === 'save'} onClick={() => void submit()}>
        {licence.version === 0 ? '登记资质' : '保存资质'}
      </Button>
    </Form>
  );
}
