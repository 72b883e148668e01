// 新增计划 (/index/planAdd) and 编辑计划 (/index/planEdit?id=): the owner company's plan, its rules the domain's
// plan rules (the project form's for the fields they share), so the screen refuses what the server would refuse
// with the same messages. 保存 creates or updates the plan (with its version) and opens its page (planShow), where
// it may be turned into a project. A plan that already became a project is not edited.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Radio, Result, Select, Space } from 'antd';
import { MSG, fillIn, pleaseSelect } from '@cqjy/domain/messages';
import { BULK_ASSET_CATEGORIES } from '@cqjy/domain/projects/assets';
import { BULK_DESCRIPTION_MAX } from '@cqjy/domain/projects/kinds/bulk';
import { PROJECT_NAME_MAX } from '@cqjy/domain/projects/kinds/common';
import { checkPlanForm, PLAN_FAMILIES, PLAN_FIELD_LABELS, PLAN_STATUS } from '@cqjy/domain/plans';
import type { PlanView } from '@cqjy/domain/plans';
import { FAMILY_TITLES } from '@cqjy/domain/workflow/families';
import { TELEPHONE_MAX_LENGTH } from '@cqjy/domain/validation/telephone';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import {
  CloseButton,
  CountedTextArea,
  DayPicker,
  NumberInput,
  PageLoading,
  PageNotFound,
} from '../../components/index.ts';
import { planQuery, savePlan, updatePlan } from './api.ts';
import { fromWirePlan, toWirePlan } from './plan-form-values.ts';
import type { PlanFormValues } from './plan-form-values.ts';
import { planShowPath } from './plan-list-page.tsx';

const L = PLAN_FIELD_LABELS;
const CATEGORY_OPTIONS = BULK_ASSET_CATEGORIES.map((c) => ({ value: c.code, label: c.label }));
const FAMILY_OPTIONS = PLAN_FAMILIES.map((family) => ({ value: family, label: FAMILY_TITLES[family] }));

export function PlanFormPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = readQueryId(rawId);
  const plan = useQuery({ ...planQuery(id ?? 0), enabled: id !== null });

  // 新增计划: no id in the query.
  if (rawId === null) return <PlanEditor view={null} />;
  if (id === null || plan.isError) {
    return <PageNotFound />;
  }
  if (plan.data === undefined) {
    return <PageLoading />;
  }
  if (!plan.data.isOwn || plan.data.status !== PLAN_STATUS.planned) {
    return <Result status="warning" title={MSG.plansConverted} extra={<CloseButton />} />;
  }
  // Keyed by the loaded version, so a reload after someone else's change starts from the server's copy.
  return <PlanEditor key={`${plan.data.id}-${plan.data.version}`} view={plan.data} />;
}

function PlanEditor({ view }: { view: PlanView | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlanFormValues>();
  const [isSaving, setIsSaving] = useState(false);
  const [isDirty, setIsDirty] = useState(false);

  const onSave = async (): Promise<void> => {
    const wire = toWirePlan(form.getFieldsValue(true) as PlanFormValues);
    const checked = checkPlanForm(wire);
    if (checked.message !== null) {
      notify.error(checked.message);
      return;
    }
    setIsSaving(true);
    try {
      const saved =
        view === null
          ? await savePlan(checked.value)
          : await updatePlan(view.id, view.version, checked.value);
      setIsDirty(false);
      void queryClient.invalidateQueries({ queryKey: ['plans'] });
      void navigate(planShowPath(saved.id));
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card
      title={view === null ? '新增计划' : `编辑计划：${view.name}`}
      extra={<CloseButton isDirty={isDirty} to="/index/plan" />}
    >
      <Form<PlanFormValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 860 }}
        initialValues={view === null ? { family: 'bulk' } : fromWirePlan(view.form)}
        onValuesChange={() => setIsDirty(true)}
        onFinish={() => void onSave()}
      >
        <Form.Item name="family" label={L.family} required extra="转为项目时按此类别新建项目">
          <Radio.Group options={FAMILY_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="name"
          label={L.name}
          rules={[{ required: true, whitespace: true, message: fillIn(L.name) }]}
        >
          <Input maxLength={PROJECT_NAME_MAX} placeholder={fillIn(L.name)} />
        </Form.Item>
        <Form.Item name="assetCategory" label={L.assetCategory}>
          <Select allowClear options={CATEGORY_OPTIONS} placeholder={pleaseSelect('资产类别')} />
        </Form.Item>
        <Form.Item name="listingPrice" label={L.listingPrice}>
          <NumberInput placeholder={fillIn('预计挂牌价')} />
        </Form.Item>
        <Form.Item name="appraisalPrice" label={L.appraisalPrice}>
          <NumberInput placeholder={fillIn('评估值')} />
        </Form.Item>
        <Form.Item name="plannedDate" label={L.plannedDate}>
          <DayPicker aria-label={L.plannedDate} />
        </Form.Item>
        <Form.Item name="contactName" label={L.contactName}>
          <Input placeholder={fillIn('联系人')} />
        </Form.Item>
        <Form.Item name="contactMobile" label={L.contactMobile}>
          <Input inputMode="tel" maxLength={TELEPHONE_MAX_LENGTH} placeholder={fillIn('联系电话')} />
        </Form.Item>
        <Form.Item name="description" label={L.description}>
          <CountedTextArea max={BULK_DESCRIPTION_MAX} rows={4} />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={isSaving}>
              保存
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
