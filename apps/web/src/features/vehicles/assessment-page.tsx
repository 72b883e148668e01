// 车辆评估意见 (/index/disposalAssessmentOpinion?projectId=&taskId=): the assessment institution assigned to a
// disposal values each vehicle (评估价值 in yuan, kept in fen) and gives its opinion, picks the base day, uploads
// its report, may record experts' opinions (专家意见), and submits the result to the owner, who confirms it or sends
// it back with a reason (shown here). 保存 keeps the work so far; 提交评估结果 saves what was changed first. The
// values are checked by the domain's rules before anything is sent; once submitted the page reads only.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Table, Tag, Typography } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDate, formatDateTime, orDash } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { VEHICLE_APPRAISAL_REPORT_TAG, VEHICLE_DISPOSAL_DATA_CLASS } from '@cqjy/domain/vehicle-disposal';
import { APPRAISAL_OPINION_MAX, missingAppraisal } from '@cqjy/domain/vehicle-parties';
import { type DisposalVehicle } from '@cqjy/domain/vehicle-views';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import {
  CloseButton,
  DayPicker,
  FileRow,
  FileUpload,
  fitColumns,
  PageLoading,
  PageNotFound,
} from '../../components/index.ts';
import {
  disposalQuery,
  saveAppraisal,
  submitAppraisal,
  vehicleKeys,
  type VehicleDisposalView,
} from './api.ts';
import {
  appraisalColumns,
  readAppraisal,
  rowsOf,
  type AppraisalBody,
  type AppraisalValues,
  type RowValues,
} from './assessment-form.tsx';

export function AssessmentOpinionPage() {
  const [params] = useSearchParams();
  const projectId = readQueryId(params.get('projectId'));
  const disposal = useQuery({ ...disposalQuery(projectId ?? 0), enabled: projectId !== null });

  // only the firm assigned to the disposal gives its appraisal; anyone else finds nothing here
  if (
    projectId === null ||
    disposal.isError ||
    (disposal.data !== undefined && disposal.data.role !== 'appraiser')
  ) {
    return <PageNotFound />;
  }
  if (disposal.data === undefined) {
    return <PageLoading />;
  }
  // a new version (a save, a submission) starts the form again from what the server keeps
  return <AssessmentView key={disposal.data.version} view={disposal.data} />;
}

function AssessmentView({ view }: { view: VehicleDisposalView }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<AppraisalValues>();
  const [isDirty, setIsDirty] = useState(false);
  const [reports, setReports] = useState<AttachmentItem[]>(view.reports);
  const [batchOpinion, setBatchOpinion] = useState('');
  const { busy, run } = useBusy<'save' | 'submit'>();
  const isEditable = view.can.appraise;
  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
  const expertPath = stepPath('disposalExpertOpinion', { projectId: view.projectId }, 'motorVehicle');

  /** The form's values as the call sends them (fen), or null after showing what the rules refuse. */
  const readForm = (): AppraisalBody | null => {
    const { body, errors } = readAppraisal(
      view.vehicles,
      form.getFieldsValue(true) as AppraisalValues,
      formatDate(Date.now()),
    );
    if (errors.length > 0) {
      form.setFields(errors);
      notify.warning(errors[0]?.errors[0] ?? MSG.badRequest);
      return null;
    }
    return body;
  };

  /** Saves the appraisal as it stands; the new version, or null when refused. */
  const save = async (): Promise<number | null> => {
    const appraisal = readForm();
    if (appraisal === null) return null;
    const { version } = await saveAppraisal({
      projectId: view.projectId,
      version: view.version,
      ...appraisal,
    });
    return version;
  };

  const onSave = (): Promise<void> =>
    run('save', async () => {
      if ((await save()) !== null) await refresh();
    });

  const onSubmit = async (): Promise<void> => {
    const appraisal = readForm();
    if (appraisal === null) return;
    // the submission's own refusals, told before the question rather than after it
    if (appraisal.appraisalBaseDate === '') {
      form.setFields([{ name: ['appraisalBaseDate'], errors: [MSG.vehicleAppraisalBaseDateInvalid] }]);
      notify.warning(MSG.vehicleAppraisalBaseDateInvalid);
      return;
    }
    const missing = missingAppraisal(
      view.vehicles.map((vehicle, index) => ({
        carNumber: vehicle.carNumber,
        appraisedValue: appraisal.vehicles[index]?.appraisedValue ?? null,
        appraisalOpinion: appraisal.vehicles[index]?.appraisalOpinion ?? '',
      })),
    );
    if (missing !== null) {
      notify.warning(missing);
      return;
    }
    if (reports.length === 0) {
      notify.warning(MSG.vehicleAppraisalReportRequired);
      return;
    }
    const isConfirmed = await notify.confirm({
      title: '提交评估结果',
      content: `确认提交“${view.projectName}”${view.vehicles.length}辆车辆的评估结果？提交后由委托方确认，不能再修改。`,
      okText: MSG.confirmOk,
      cancelText: MSG.cancel,
    });
    if (!isConfirmed) return;
    await run('submit', async () => {
      const version = isDirty ? await save() : view.version;
      if (version === null) return;
      await submitAppraisal({ projectId: view.projectId, version });
      await refresh();
    });
  };

  const fillOpinions = (): void => {
    const opinion = batchOpinion.trim();
    if (opinion === '') {
      notify.warning('请先填写要批量填入的评估意见');
      return;
    }
    const rows = (form.getFieldValue('rows') ?? {}) as Record<string, RowValues>;
    form.setFieldsValue({
      rows: Object.fromEntries(
        view.vehicles.map((vehicle) => [String(vehicle.id), { ...rows[String(vehicle.id)], opinion }]),
      ),
    });
    form.setFields(
      view.vehicles.map((vehicle) => ({ name: ['rows', String(vehicle.id), 'opinion'], errors: [] })),
    );
    setIsDirty(true);
  };

  const columns = appraisalColumns(isEditable);

  return (
    <Form<AppraisalValues>
      form={form}
      layout="vertical"
      initialValues={{ appraisalBaseDate: view.appraisalBaseDate, rows: rowsOf(view.vehicles) }}
      onValuesChange={(changed: AppraisalValues) => {
        setIsDirty(true);
        if (changed.appraisalBaseDate !== undefined)
          form.setFields([{ name: 'appraisalBaseDate', errors: [] }]);
        for (const [id, row] of Object.entries(changed.rows ?? {})) {
          form.setFields(
            (Object.keys(row) as (keyof RowValues)[]).map((field) => ({
              name: ['rows', id, field],
              errors: [],
            })),
          );
        }
      }}
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          title={`车辆评估意见：${view.projectName}`}
          extra={
            <Space>
              {isEditable ? (
                <Tag color="orange">待出具</Tag>
              ) : (
                <Tag color="green" data-testid="appraisal-state">
                  已提交
                </Tag>
              )}
              <CloseButton isDirty={isDirty} />
            </Space>
          }
        >
          <Descriptions
            bordered
            size="small"
            column={2}
            styles={{ label: { width: 150 } }}
            items={[
              { key: 'code', label: '项目编号', children: orDash(view.projectCode) },
              { key: 'owner', label: '委托方', children: orDash(view.ownerName) },
              { key: 'firm', label: '评估机构', children: orDash(view.appraiserName) },
              { key: 'count', label: '评估车辆', children: `${view.vehicles.length}辆` },
              ...(isEditable
                ? []
                : [
                    { key: 'base', label: '评估基准日', children: orDash(view.appraisalBaseDate) },
                    {
                      key: 'submitted',
                      label: '提交时间',
                      children:
                        view.appraisalSubmittedAt === null ? '—' : formatDateTime(view.appraisalSubmittedAt),
                    },
                  ]),
            ]}
          />
          {view.appraisalReturnReason !== '' && isEditable ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginTop: 16 }}
              title="委托方退回了评估结果，请修改后重新提交"
              description={`退回原因：${view.appraisalReturnReason}`}
            />
          ) : null}
          {!isEditable ? (
            <Alert
              type="success"
              showIcon
              style={{ marginTop: 16 }}
              title={
                view.resultConfirmedAt === null
                  ? '评估结果已提交，等待委托方确认。'
                  : `委托方已于${formatDateTime(view.resultConfirmedAt)}确认评估结果。`
              }
            />
          ) : null}
        </Card>

        <Card
          title={`车辆评估（${view.vehicles.length}辆）`}
          extra={
            isEditable ? (
              <Space>
                <Input
                  aria-label="批量填写评估意见"
                  placeholder="统一的评估意见"
                  value={batchOpinion}
                  maxLength={APPRAISAL_OPINION_MAX}
                  onChange={(event) => setBatchOpinion(event.target.value)}
                  style={{ width: 280 }}
                />
                <Button onClick={fillOpinions}>批量填写</Button>
              </Space>
            ) : null
          }
        >
          {isEditable ? (
            <Form.Item name="appraisalBaseDate" label="评估基准日" required style={{ maxWidth: 320 }}>
              <DayPicker aria-label="评估基准日" />
            </Form.Item>
          ) : null}
          <Table<DisposalVehicle>
            size="small"
            rowKey="id"
            dataSource={view.vehicles}
            pagination={view.vehicles.length > 20 ? { pageSize: 20 } : false}
            {...fitColumns(columns, { textMinWidth: 140 })}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            号牌号码已隐去后四位，请以车辆识别代号核对车辆。
          </Typography.Paragraph>
        </Card>

        <Card title="评估报告">
          {isEditable ? (
            <FileUpload
              tag={VEHICLE_APPRAISAL_REPORT_TAG}
              dataClass={VEHICLE_DISPOSAL_DATA_CLASS}
              dataId={String(view.projectId)}
              value={reports}
              onChange={setReports}
              buttonText="上传评估报告"
            />
          ) : view.reports.length === 0 ? (
            '—'
          ) : (
            view.reports.map((file) => <FileRow key={file.uuid} item={file} />)
          )}
        </Card>

        <Space>
          {isEditable ? (
            <>
              <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void onSave()}>
                保存
              </Button>
              <Button onClick={() => void navigate(expertPath)}>专家意见（{view.experts.length}）</Button>
              <Button
                type="primary"
                loading={busy === 'submit'}
                disabled={busy !== null}
                onClick={() => void onSubmit()}
              >
                提交评估结果
              </Button>
            </>
          ) : (
            <Button onClick={() => void navigate(expertPath)}>查看专家意见（{view.experts.length}）</Button>
          )}
        </Space>
      </Space>
    </Form>
  );
}
