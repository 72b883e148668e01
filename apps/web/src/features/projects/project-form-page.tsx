// 新增项目 (/index/addproject[?family=]) and 编辑项目 (/index/editproject?id=&family=): the form of a physical-asset
// project, bulk (实物资产, the default) or coll (抵质押资产), which share it (spec 000 section 2, spec 001 sections 2
// and 7). Labels, options and rules come from the domain's bulk project file, so the screen refuses what the
// server would refuse, with the same messages. 保存 creates the draft or updates it (with its version); 提交 saves,
// runs the listing rule checks, and submits the disclosure application, then goes to its e-signature screen
// ({family}EicSre?id=<action>&taskId=). The approval file of a price below 90% of the appraisal and the asset
// list belong to the project, so they come once the draft exists.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Checkbox, Form, Input, Radio, Result, Select, Space, Spin } from 'antd';
import { PROJECT_DATA_CLASS } from '@cqjy/domain/workflow/actions';
import { MSG, fillIn, pleaseSelect } from '@cqjy/domain/messages';
import {
  BULK_ASSET_CATEGORIES,
  BULK_ATTACHMENTS,
  BULK_DESCRIPTION_MAX,
  BULK_FIELD_LABELS,
  BULK_NAME_MAX,
  BULK_RULES,
  PAYMENT_MODES,
  PRICE_APPROVAL_TAG,
  checkBulkProjectRules,
  isBelowAppraisal,
  isPhysicalFamily,
  minDisclosureDays,
  validateBulkProjectShape,
} from '@cqjy/domain/projects/bulk';
import type { PhysicalFamily } from '@cqjy/domain/projects/bulk';
import type { BulkProjectView } from '@cqjy/domain/projects/views';
import { findAction } from '@cqjy/domain/workflow/actions';
import { FAMILIES } from '@cqjy/domain/workflow/families';
import { PROJECT_STATUS } from '@cqjy/domain/workflow/statuses';
import { notify } from '../../api/notify.ts';
import { readQueryId } from '../../app/query-id.ts';
import { CloseButton, CountedTextArea, FileUpload, NumberInput, RatioInput } from '../../components/index.ts';
import { createProject, projectFormQuery, submitProject, updateProject } from './api.ts';
import { AssetList } from './asset-list.tsx';
import type { Versioned } from './api.ts';
import { fromWireForm, toWireForm } from './bulk-form-values.ts';
import type { BulkFormState } from './bulk-form-values.ts';

const CATEGORY_OPTIONS = BULK_ASSET_CATEGORIES.map((c) => ({ value: c.code, label: c.label }));
const PAYMENT_OPTIONS = PAYMENT_MODES.map((m) => ({ value: m.code, label: m.label }));
const PRICE_APPROVAL_LABEL =
  BULK_ATTACHMENTS.find((item) => item.tag === PRICE_APPROVAL_TAG)?.label ?? PRICE_APPROVAL_TAG;
const L = BULK_FIELD_LABELS;

/** The family of the query (?family=), bulk unless it names coll. */
export function readFamily(value: string | null): PhysicalFamily {
  return value !== null && isPhysicalFamily(value) ? value : 'bulk';
}

/** The e-signature screen of a family's disclosure application. */
export function eicSrePath(family: PhysicalFamily, actionId: number, taskId: number): string {
  const route = findAction(family, 'disclosure')?.routes.EicSre ?? `${family}EicSre`;
  return `/index/${route}?id=${actionId}&taskId=${taskId}`;
}

const FAMILY_OPTIONS = (['bulk', 'coll'] as const).map((family) => ({
  value: family,
  label: FAMILIES[family].title,
}));

export function ProjectFormPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = readQueryId(rawId);
  const family = readFamily(params.get('family'));
  const project = useQuery({ ...projectFormQuery(family, id ?? 0), enabled: id !== null });

  // 新增项目: no id in the query.
  if (rawId === null) return <BulkProjectEditor view={null} initialFamily={family} />;
  if (id === null) return <Result status="warning" title={MSG.notFound} extra={<CloseButton />} />;
  if (project.data === undefined) {
    return project.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  if (project.data.status !== PROJECT_STATUS.draft) {
    return <Result status="warning" title={MSG.projectsNotEditable} extra={<CloseButton />} />;
  }
  // Keyed by the loaded version, so a reload after someone else's change starts from the server's copy.
  return (
    <BulkProjectEditor
      key={`${project.data.id}-${project.data.version}`}
      view={project.data}
      initialFamily={project.data.family}
    />
  );
}

function BulkProjectEditor({
  view,
  initialFamily,
}: {
  view: BulkProjectView | null;
  initialFamily: PhysicalFamily;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BulkFormState>();
  // The saved draft: none until the first 保存 of a new project.
  const [saved, setSaved] = useState<Versioned | null>(
    view === null ? null : { id: view.id, version: view.version },
  );
  // the family is chosen until the first 保存; a saved project keeps its own
  const [family, setFamily] = useState<PhysicalFamily>(initialFamily);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const [isDirty, setIsDirty] = useState(false);

  const listingPrice = Form.useWatch('listingPrice', form);
  const appraisalPrice = Form.useWatch('appraisalPrice', form);
  const paymentMode = Form.useWatch('paymentMode', form);
  const assetCategory = Form.useWatch('assetCategory', form);
  const wirePrices = toWireForm({ listingPrice, appraisalPrice });
  const needsApproval = isBelowAppraisal(wirePrices);
  const minDays = minDisclosureDays(wirePrices.listingPrice ?? 0);

  const initialValues: BulkFormState =
    view === null
      ? { paymentMode: 'lump' }
      : { ...fromWireForm(view.form), priceApproval: view.attachments[PRICE_APPROVAL_TAG] ?? [] };

  /** Saves the form; answers the saved draft, or null when the shape is refused (the message is shown). */
  const save = async (): Promise<Versioned | null> => {
    const values = form.getFieldsValue(true) as BulkFormState;
    const wire = toWireForm(values);
    const problem = validateBulkProjectShape(wire);
    if (problem !== null) {
      setProblems([problem]);
      notify.error(problem);
      return null;
    }
    const answer =
      saved === null
        ? await createProject(family, wire)
        : await updateProject(family, saved.id, saved.version, wire);
    setSaved(answer);
    setIsDirty(false);
    void queryClient.invalidateQueries({ queryKey: ['projects', 'list'] });
    return answer;
  };

  const onSave = async (): Promise<void> => {
    setBusy('save');
    try {
      if ((await save()) === null) return;
      setProblems([]);
      notify.success(MSG.projectSaved);
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = async (): Promise<void> => {
    const values = form.getFieldsValue(true) as BulkFormState;
    const wire = toWireForm(values);
    const shape = validateBulkProjectShape(wire);
    const rules = shape === null ? checkBulkProjectRules(wire, values.priceApproval?.length ?? 0) : [shape];
    setProblems(rules);
    if (rules.length > 0) {
      notify.error(MSG.projectFormInvalid);
      return;
    }
    setBusy('submit');
    try {
      const draft = await save();
      if (draft === null) return;
      const submitted = await submitProject(family, draft.id, draft.version);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      notify.success(MSG.workflowSubmitted);
      void navigate(eicSrePath(family, submitted.actionId, submitted.taskId));
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={view === null ? '新增项目' : `编辑项目：${view.name}`}
        extra={<CloseButton isDirty={isDirty} to="/index/project" />}
      >
        <Form<BulkFormState>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '200px' }}
          wrapperCol={{ flex: 1 }}
          style={{ maxWidth: 900 }}
          initialValues={initialValues}
          onValuesChange={() => setIsDirty(true)}
        >
          <Form.Item label="项目类别" required>
            <Radio.Group
              options={FAMILY_OPTIONS}
              value={family}
              disabled={saved !== null}
              onChange={(event) => setFamily(event.target.value as PhysicalFamily)}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={L.name}
            rules={[{ required: true, whitespace: true, message: fillIn('项目名称') }]}
          >
            <Input maxLength={BULK_NAME_MAX} placeholder={fillIn('项目名称')} />
          </Form.Item>
          <Form.Item name="assetCategory" label={L.assetCategory} required>
            <Select options={CATEGORY_OPTIONS} placeholder={pleaseSelect('资产类别')} />
          </Form.Item>
          <Form.Item name="listingPrice" label={L.listingPrice} required>
            <NumberInput placeholder={fillIn('挂牌价')} />
          </Form.Item>
          <Form.Item name="appraisalPrice" label={L.appraisalPrice}>
            <NumberInput placeholder={fillIn('评估值')} />
          </Form.Item>
          <Form.Item
            name="disclosureDays"
            label={L.disclosureDays}
            required
            extra={`不少于${minDays}个工作日（挂牌价超过1000万元的不少于${BULK_RULES.disclosureDaysMinHigh}个工作日）`}
          >
            <NumberInput decimalDigits={0} integerDigits={3} placeholder={fillIn('披露期')} />
          </Form.Item>
          {needsApproval && (
            <>
              <Form.Item
                name="reserveBelowAppraisalApproved"
                label={L.reserveBelowAppraisalApproved}
                valuePropName="checked"
              >
                <Checkbox>已获批准</Checkbox>
              </Form.Item>
              {saved === null ? (
                <Form.Item label={PRICE_APPROVAL_LABEL} required>
                  <Alert type="info" showIcon title={MSG.projectSaveBeforeUpload} />
                </Form.Item>
              ) : (
                <Form.Item name="priceApproval" label={PRICE_APPROVAL_LABEL} required>
                  <FileUpload
                    tag={PRICE_APPROVAL_TAG}
                    dataClass={PROJECT_DATA_CLASS}
                    dataId={String(saved.id)}
                  />
                </Form.Item>
              )}
            </>
          )}
          <Form.Item name="paymentMode" label={L.paymentMode} required>
            <Radio.Group options={PAYMENT_OPTIONS} />
          </Form.Item>
          {paymentMode === 'instalment' && (
            <>
              <Form.Item
                name="firstPaymentPercent"
                label={`${L.firstPaymentRatio}（%）`}
                required
                extra="不得低于30%"
              >
                <RatioInput placeholder={fillIn('首付比例')} />
              </Form.Item>
              <Form.Item name="instalmentMonths" label={L.instalmentMonths} required extra="不得超过12个月">
                <NumberInput decimalDigits={0} integerDigits={2} placeholder={fillIn('分期付款期限')} />
              </Form.Item>
              <Form.Item name="hasGuarantee" label={L.hasGuarantee} valuePropName="checked" required>
                <Checkbox>受让方提供担保</Checkbox>
              </Form.Item>
            </>
          )}
          <Form.Item name="contactName" label={L.contactName} required>
            <Input placeholder={fillIn('联系人')} />
          </Form.Item>
          <Form.Item name="contactMobile" label={L.contactMobile} required>
            <Input inputMode="numeric" maxLength={11} placeholder={fillIn('联系电话')} />
          </Form.Item>
          <Form.Item name="description" label={L.description}>
            <CountedTextArea max={BULK_DESCRIPTION_MAX} rows={4} />
          </Form.Item>
        </Form>
      </Card>
      {saved === null ? (
        <Alert type="info" showIcon title={MSG.projectSaveBeforeAssets} />
      ) : (
        <AssetList family={family} projectId={saved.id} initialCategory={assetCategory} isEditable />
      )}
      <Card>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={MSG.projectFormInvalid}
            description={
              <ul style={{ margin: 0, paddingLeft: 20 }}>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            }
          />
        )}
        <Space>
          <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void onSave()}>
            保存
          </Button>
          <Button
            type="primary"
            loading={busy === 'submit'}
            disabled={busy !== null}
            onClick={() => void onSubmit()}
          >
            提交
          </Button>
        </Space>
      </Card>
    </Space>
  );
}
