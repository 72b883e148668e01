// 拆解记录 (/index/disposalBreakup?id=<record>&taskId= and /index/disposalDisintegrate?id=): one received vehicle's
// dismantling record, kept by its dismantler in three steps — 入场登记 (with the 报废机动车回收证明), 拆解 (fluids,
// refrigerant, photos) and 解体 (where each of the five main assemblies goes, photos). Only the current step is
// edited; 校验并进入下一步 judges it by the domain's checkRecordStep (the photos counted as images, as the server
// counts them) before the server does, and 上一步 reopens the one before. Verified, the record is submitted: its
// letter is drawn and e-signed with an SMS code (BF-4.6: the panel hands over the request, this page makes the
// call), and the vehicle reads 已拆解 with its certificate number. For a fleet the current step can be prefilled
// from another vehicle of the project already past it (never its days, photos or certificate number). The owner and
// the exchange read the record.

import { orDash } from '@cqjy/domain/format';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Collapse, Descriptions, Space, Steps, Tag } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import {
  ASSEMBLY_DESTINATIONS,
  ASSEMBLY_STATES,
  MAIN_ASSEMBLIES,
  RECORD_STEPS,
  RECORD_STEPS_DONE,
  type RecordStepData,
  type RecordStepKey,
} from '@cqjy/domain/vehicle-records';
import { stepPath } from '@cqjy/domain/workflow/paths';
import { readQueryId } from '../../lib/query-id.ts';
import { CloseButton, FileRow, PageLoading, PageNotFound } from '../../components/index.ts';
import { recordQuery, type DismantlingRecordView } from './api.ts';
import { labelOf, photosOf, STATUS_COLORS } from './record-parts.ts';
import { StepEditor } from './record-step-editor.tsx';
import { SignCard, SignedCard, SubmitCard } from './record-sign-cards.tsx';

export function RecordPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const record = useQuery({ ...recordQuery(id ?? 0), enabled: id !== null });

  if (id === null || record.isError) {
    return <PageNotFound />;
  }
  if (record.data === undefined) {
    return <PageLoading />;
  }
  // a new version (a save, a step verified or reopened) starts the forms again from what the server keeps
  return <RecordView key={`${record.data.id}-${record.data.version}`} record={record.data} />;
}

function RecordView({ record }: { record: DismantlingRecordView }) {
  const navigate = useNavigate();
  const isEditing = record.canEdit && record.status === 'editing';
  const current = Math.min(record.currentStep, RECORD_STEPS_DONE);
  const backPath = stepPath('vehicleDelivery', { projectId: record.projectId }, 'motorVehicle');
  // the steps shown read-only: those verified, and for a reader the one being kept
  const shownSteps = RECORD_STEPS.map((step, index) => ({ step, index })).filter(
    ({ index }) => index < current || (!isEditing && index === current && record.status === 'editing'),
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={`报废机动车拆解记录：${record.carNumberPublish}`}
        extra={
          <Space>
            <Tag color={STATUS_COLORS[record.status]} data-testid="record-status">
              {record.statusLabel}
            </Tag>
            <Button onClick={() => void navigate(backPath)}>返回车辆交割</Button>
            <CloseButton />
          </Space>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={3}
          styles={{ label: { width: 120 } }}
          items={[
            { key: 'plate', label: '号牌号码', children: record.carNumberPublish },
            { key: 'vin', label: '车辆识别代号', children: record.vin },
            { key: 'engine', label: '发动机号', children: record.engineNo },
            { key: 'brand', label: '品牌型号', children: record.brandModel },
            { key: 'dismantler', label: '拆解企业', children: record.dismantlerName },
            { key: 'received', label: '接收日期', children: orDash(record.receivedOn) },
            {
              key: 'project',
              label: '所属项目',
              span: 3,
              children: `${record.projectName}（${record.projectCode}）`,
            },
          ]}
        />
        <Steps
          style={{ marginTop: 24, maxWidth: 900 }}
          current={current}
          items={RECORD_STEPS.map((step, index) => ({
            title: step.title,
            content: index < current ? '已校验' : index === current ? '登记中' : '待登记',
          }))}
        />
      </Card>

      {/* the outcome first: the steps below are what it was made of */}
      {record.status === 'signed' ? <SignedCard record={record} /> : null}
      {shownSteps.length > 0 ? (
        <Collapse
          // open for the review before the submission and for readers; folded while a step is kept and beside
          // the letter, which repeats them
          defaultActiveKey={
            (isEditing && current === RECORD_STEPS_DONE) || !record.canEdit
              ? shownSteps.map(({ step }) => step.key)
              : []
          }
          items={shownSteps.map(({ step, index }) => ({
            key: step.key,
            label: `${index + 1}. ${step.title}${index < current ? '（已校验）' : '（登记中）'}`,
            children: (
              <StepSummary
                step={step.key}
                data={record.data[step.key] ?? {}}
                photos={photosOf(record, step.key)}
              />
            ),
          }))}
        />
      ) : null}

      {isEditing && current < RECORD_STEPS_DONE ? <StepEditor record={record} index={current} /> : null}
      {isEditing && current === RECORD_STEPS_DONE ? <SubmitCard record={record} /> : null}
      {record.status === 'letterGenerated' ? <SignCard record={record} /> : null}
    </Space>
  );
}

/** A verified (or, for a reader, a kept) step as it was recorded. */
function StepSummary({
  step,
  data,
  photos,
}: {
  step: RecordStepKey;
  data: RecordStepData;
  photos: AttachmentItem[];
}) {
  const rows: { key: string; label: string; children: ReactNode; span?: number }[] =
    step === 'entry'
      ? [
          { key: 'entryDate', label: '入场日期', children: orDash(data.entryDate) },
          {
            key: 'assemblyState',
            label: '总成状况',
            children:
              data.assemblyState === 'missing'
                ? `缺失（${orDash(data.missingParts)}）`
                : labelOf(ASSEMBLY_STATES, data.assemblyState),
          },
          { key: 'certificateNo', label: '回收证明编号', children: orDash(data.certificateNo) },
          { key: 'certificateDate', label: '回收证明出具日期', children: orDash(data.certificateDate) },
        ]
      : step === 'breakup'
        ? [
            { key: 'breakupDate', label: '拆解日期', children: orDash(data.breakupDate), span: 2 },
            { key: 'fluids', label: '废液回收情况', children: orDash(data.fluids) },
            { key: 'refrigerant', label: '制冷剂回收情况', children: orDash(data.refrigerant) },
          ]
        : [
            { key: 'disintegrateDate', label: '解体日期', children: orDash(data.disintegrateDate), span: 2 },
            ...MAIN_ASSEMBLIES.map((assembly) => ({
              key: assembly.key,
              label: `${assembly.label}去向`,
              children: `${labelOf(ASSEMBLY_DESTINATIONS, data[`${assembly.key}Destination`])}：${orDash(data[`${assembly.key}Enterprise`])}`,
            })),
          ];
  const photoTag = RECORD_STEPS.find((each) => each.key === step)?.photoTag ?? null;
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      styles={{ label: { width: 150 } }}
      items={[
        ...rows,
        { key: 'remark', label: '备注', children: orDash(data.remark), span: 2 },
        ...(photoTag === null
          ? []
          : [
              {
                key: 'photos',
                label: `${step === 'breakup' ? '拆解' : '解体'}照片`,
                span: 2,
                children:
                  photos.length === 0 ? '—' : photos.map((file) => <FileRow key={file.uuid} item={file} />),
              },
            ]),
      ]}
    />
  );
}
