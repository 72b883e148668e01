// 出具评估报告 (the engaged appraisal firm's, on 评估项目): its report uploaded under the project (tag appraisalReport),
// the base day, the net assets (of an enterprise whose shares are offered; not for goods, a small lot's estimate)
// and the value in yuan as the project's kind names it, and a remark. The domain's checkEvaluation
// judges them before anything is sent, as the server does again; the report is required.
import { useState } from 'react';
import { Descriptions, Form, Input } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/attachment-item';
import { formatDate, parseYuanToFen } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { APPRAISAL_REPORT_TAG } from '@cqjy/domain/projects/kinds/equity';
import { checkEvaluation, EVALUATION_REMARK_MAX } from '@cqjy/domain/projects/evaluations';
import { findProjectKind } from '@cqjy/domain/projects/kinds/index';
import type { EvaluationRow } from '@cqjy/domain/projects/evaluations';
import {
  AppDialog,
  clearErrorsOnChange,
  DayPicker,
  FileUpload,
  NumberInput,
} from '../../components/index.ts';
import { submitEvaluation } from './api.ts';

export type EvaluationSubmitDialogProps = {
  row: Pick<EvaluationRow, 'id' | 'code' | 'name' | 'family' | 'ownerName' | 'reports'>;
  onClose: () => void;
  /** the appraisal was submitted */
  onSubmitted: () => void;
};

type EvaluationValues = {
  reports?: AttachmentItem[];
  appraisalBaseDate?: string;
  netAssetValue?: string;
  appraisalValue?: string;
  remark?: string;
};

const yuanToFen = (value: string | undefined): number | undefined =>
  value === undefined || value === '' ? undefined : (parseYuanToFen(value) ?? undefined);

export function EvaluationSubmitDialog({ row, onClose, onSubmitted }: EvaluationSubmitDialogProps) {
  const [form] = Form.useForm<EvaluationValues>();
  const [isSending, setIsSending] = useState(false);
  const [initialValues] = useState<EvaluationValues>(() => ({ reports: row.reports }));
  const kind = findProjectKind(row.family);
  const hasNetAssets = kind?.appraisal?.netAssetField !== undefined;
  const valueLabel = kind?.appraisal?.valueLabel ?? '评估值（元）';

  const submit = async (): Promise<void> => {
    const values = form.getFieldsValue();
    if ((values.reports ?? []).length === 0) {
      form.setFields([{ name: 'reports', errors: [MSG.evaluationReportRequired] }]);
      return;
    }
    const checked = checkEvaluation(
      {
        appraisalBaseDate: values.appraisalBaseDate,
        netAssetValue: yuanToFen(values.netAssetValue),
        appraisalValue: yuanToFen(values.appraisalValue),
        remark: values.remark,
      },
      formatDate(Date.now()),
      hasNetAssets,
    );
    if (checked.message !== null) {
      form.setFields([{ name: checked.field, errors: [checked.message] }]);
      return;
    }
    setIsSending(true);
    try {
      await submitEvaluation(row.id, checked.value);
      onSubmitted();
    } catch {
      // the HTTP client has shown the server's message; the dialog stays for another try
    } finally {
      setIsSending(false);
    }
  };

  return (
    <AppDialog
      size="lg"
      open
      title="出具评估报告"
      okText="提交评估结果"
      cancelText={MSG.cancel}
      confirmLoading={isSending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="项目">{`${row.name}（${row.code}）`}</Descriptions.Item>
        <Descriptions.Item label={kind?.ownerLabel ?? '转让方'}>{row.ownerName}</Descriptions.Item>
      </Descriptions>
      <Form<EvaluationValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item name="reports" label="资产评估报告" required>
          <FileUpload tag={APPRAISAL_REPORT_TAG} dataClass="project" dataId={String(row.id)} />
        </Form.Item>
        <Form.Item name="appraisalBaseDate" label="评估基准日" required>
          <DayPicker aria-label="评估基准日" />
        </Form.Item>
        {hasNetAssets && (
          <Form.Item name="netAssetValue" label="净资产评估值（元）" required>
            <NumberInput aria-label="净资产评估值（元）" />
          </Form.Item>
        )}
        <Form.Item name="appraisalValue" label={valueLabel} required>
          <NumberInput aria-label={valueLabel} />
        </Form.Item>
        <Form.Item name="remark" label="评估说明">
          <Input.TextArea maxLength={EVALUATION_REMARK_MAX} rows={3} />
        </Form.Item>
      </Form>
    </AppDialog>
  );
}
