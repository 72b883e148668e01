// 新增项目 (/index/addproject[?family=]) and 编辑项目 (/index/editproject?id=&family=): the project form of any
// family with a project kind (spec 000 section 2, spec 001 sections 2 and 7), drawn from the kind's field groups,
// with its list sheets (资产清单; 股权结构 and 财务数据) under it. Labels, options and rules come from the kind, so the
// screen refuses what the server would refuse, with the same messages. 保存 creates the draft or updates it (with
// its version); 提交 saves, runs the kind's rule checks, and submits the disclosure application of the stage the
// project is at (信息预披露 or 正式披露), then goes to its e-signature screen. Files and sheets belong to the
// project, so they come once the draft exists; the family is chosen until the first 保存.
import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Form, Radio, Result, Space, Spin } from 'antd';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import {
  findProjectKind,
  PROJECT_FAMILIES,
  PROJECT_FAMILY_OPTIONS,
  PROJECT_KINDS,
} from '@cqjy/domain/projects/kinds/index';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { isFormEditable, submittableStages } from '@cqjy/domain/projects/kinds/kind';
import type { DisclosureStage, ProjectKind } from '@cqjy/domain/projects/kinds/kind';
import type { ProjectListFilter } from '@cqjy/domain/projects/list-filter';
import type { ProjectFormView } from '@cqjy/domain/projects/views';
import { projectEditPath } from '@cqjy/domain/routes';
import { findAction } from '@cqjy/domain/workflow/actions';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { usePageTitle, useRouteDef } from '../../lib/route-handle.ts';
import { CloseButton } from '../../components/index.ts';
import { ProjectNeeded, stepPath } from '../workflow/index.ts';
import { createProject, projectFormQuery, submitProject, updateProject } from './api.ts';
import type { Versioned } from './api.ts';
import { useCategoryAids } from './category-field.tsx';
import { fileCounts, fromWireForm, toWireForm } from './form-values.ts';
import type { FormValues, MissingFields } from './form-values.ts';
import { ProjectFormFields } from './project-form-fields.tsx';
import { ProjectSheets, sheetGroupTitles } from './project-sections.tsx';
import { FORM_SECTIONS } from './sections/index.ts';
import { useKindSettings } from './use-kind-settings.ts';
import { useWorkdayPeriod } from './use-workday-period.tsx';

/** The family of the query (?family=), bulk unless it names another family with a project kind. */
export function readFamily(value: string | null): ProjectFamily {
  return PROJECT_FAMILIES.find((family) => family === value) ?? 'bulk';
}

/** The e-signature screen of a family's disclosure application of `stage`. */
export function eicSrePath(
  family: ProjectFamily,
  stage: DisclosureStage,
  actionId: number,
  taskId: number,
): string {
  const action = stage === 'pre' ? 'preDisclosure' : 'disclosure';
  const route = findAction(family, action)?.routes.EicSre ?? `${family}EicSre`;
  return stepPath(route, { id: actionId, taskId }, family);
}

/** The projects 编辑项目 may open: those whose form may still change (a draft; a pre-disclosed project). */
const EDITABLE_PROJECTS: ProjectListFilter = { families: [], statuses: ['draft', 'preDisclosing'] };

const STAGE_LABELS: Record<DisclosureStage, string> = { pre: '提交预披露', formal: '提交正式披露' };

export function ProjectFormPage() {
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = readQueryId(rawId);
  const isEditRoute = useRouteDef()?.name === 'editproject';
  const family = readFamily(params.get('family'));
  const project = useQuery({ ...projectFormQuery(family, id ?? 0), enabled: id !== null });

  // 新增项目: the new-project route, no id in the query.
  if (!isEditRoute && rawId === null) return <ProjectEditor view={null} initialFamily={family} />;
  // 编辑项目 without its project (a bookmark, a reload): the projects whose form may still change
  if (id === null) return <ProjectNeeded filter={EDITABLE_PROJECTS} />;
  // A copy cached from an earlier visit is not edited: the server's answer would replace the editor (keyed by the
  // version) and with it what was typed meanwhile.
  if (project.data === undefined || !project.isFetchedAfterMount) {
    return project.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  const kind = PROJECT_KINDS[project.data.family];
  if (!isFormEditable(kind, project.data.status)) {
    return <Result status="warning" title={MSG.projectsNotEditable} extra={<CloseButton />} />;
  }
  // Keyed by the loaded version, so a reload after someone else's change starts from the server's copy.
  return (
    <ProjectEditor
      key={`${project.data.id}-${project.data.version}`}
      view={project.data}
      initialFamily={project.data.family}
    />
  );
}

function ProjectEditor({
  view,
  initialFamily,
}: {
  view: ProjectFormView | null;
  initialFamily: ProjectFamily;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  // The saved draft: none until the first 保存 of a new project.
  const [saved, setSaved] = useState<Versioned | null>(
    view === null ? null : { id: view.id, version: view.version },
  );
  // the family is chosen until the first 保存; a saved project keeps its own
  const [family, setFamily] = useState<ProjectFamily>(initialFamily);
  const kind: ProjectKind = findProjectKind(family) ?? PROJECT_KINDS.bulk;
  const FormSection = FORM_SECTIONS[family];
  const settings = useKindSettings();
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | DisclosureStage | null>(null);
  const [isDirty, setIsDirty] = useState(false);

  // Everything the form holds, as it would travel now: what is shown and what the hints say follow it.
  const values: FormValues = Form.useWatch((all: FormValues) => all, { form, preserve: true }) ?? {};
  const wire = toWireForm(kind.fields, values);
  // a kind's form that asks the server as the owner types: its categories, its period counted in working days
  const categoryAids = useCategoryAids(family, kind, wire);
  const period = useWorkdayPeriod(
    form,
    family,
    kind.workdayPeriod,
    kind.workdayPeriod === undefined ? undefined : values[kind.workdayPeriod.end],
  );

  const stages = submittableStages(kind, view?.status ?? 'draft');

  const initialValues: FormValues =
    view === null ? { paymentMode: 'lump' } : fromWireForm(kind.fields, view.form, view.attachments);

  // Read by every field's rule when it runs: a submission marks the required fields its stage's check finds
  // missing, a draft none.
  const missing = useRef<MissingFields>(null);
  // 新增项目 or 编辑项目: the title of the page's tab
  const pageTitle = usePageTitle();

  /**
   * Runs the rule of every shown field (antd Form rules drawn from the kind's descriptors), so each invalid field
   * is marked with its own message, and scrolls to the first; answers the messages, none when all pass.
   */
  const validateFields = async (missingMessages: MissingFields): Promise<string[]> => {
    missing.current = missingMessages;
    try {
      await form.validateFields();
      return [];
    } catch (error) {
      const errorFields = (error as { errorFields?: { name: (string | number)[]; errors: string[] }[] })
        .errorFields;
      if (errorFields === undefined) throw error;
      const first = errorFields[0];
      if (first !== undefined) form.scrollToField(first.name, { block: 'center', focus: true });
      return errorFields.flatMap((field) => field.errors);
    }
  };

  /** Saves the form; answers the saved draft, or null when the shape is refused (the message is shown). */
  const save = async (): Promise<Versioned | null> => {
    const current = toWireForm(kind.fields, form.getFieldsValue(true) as FormValues);
    const parsed = kind.parse(current);
    if (parsed.message !== null) {
      setProblems([parsed.message]);
      notify.error(parsed.message);
      return null;
    }
    const answer =
      saved === null
        ? await createProject(family, current)
        : await updateProject(family, saved.id, saved.version, current);
    setSaved(answer);
    setIsDirty(false);
    void queryClient.invalidateQueries({ queryKey: ['projects', 'list'] });
    return answer;
  };

  const onSave = async (): Promise<void> => {
    setBusy('save');
    try {
      const marked = await validateFields(null);
      if (marked.length > 0) {
        setProblems([]);
        notify.error(marked[0] ?? MSG.projectFormInvalid);
        return;
      }
      const draft = await save();
      if (draft === null) return;
      setProblems([]);
      notify.success(MSG.projectSaved);
      // The first 保存 of 新增项目 created the draft: the address becomes the project's 编辑项目 (in place of the
      // new-project entry, so Back and a reload both find the saved project rather than an empty form).
      if (view === null) void navigate(projectEditPath({ id: draft.id, family }), { replace: true });
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = async (stage: DisclosureStage): Promise<void> => {
    const current = form.getFieldsValue(true) as FormValues;
    const submitted = toWireForm(kind.fields, current);
    const parsed = kind.parse(submitted);
    const rules =
      parsed.message !== null
        ? [parsed.message]
        : kind.checkRules(parsed.form, { files: fileCounts(kind.fields, current), settings, stage });
    // a form the kind cannot read yet (the name missing, say) has every required field marked
    const marked = await validateFields(parsed.message === null ? new Set(rules) : 'required');
    // The summary keeps what no field shows: the rules over several fields, the files, the list rows.
    setProblems(rules.filter((rule) => !marked.includes(rule)));
    if (marked.length > 0 || rules.length > 0) {
      notify.error(MSG.projectFormInvalid);
      return;
    }
    setBusy(stage);
    try {
      const draft = await save();
      if (draft === null) return;
      const answer = await submitProject(family, draft.id, draft.version, stage);
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      notify.success(MSG.workflowSubmitted);
      void navigate(eicSrePath(family, stage, answer.actionId, answer.taskId));
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={view === null ? pageTitle : `${pageTitle}：${view.name}`}
        extra={<CloseButton isDirty={isDirty} to="/index/project" />}
      >
        <Form<FormValues>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '200px' }}
          wrapperCol={{ flex: 1 }}
          style={{ maxWidth: 1100 }}
          initialValues={initialValues}
          onValuesChange={(changed: FormValues) => {
            setIsDirty(true);
            period.onValuesChange(changed);
          }}
        >
          <Form.Item label="项目类别" required>
            <Radio.Group
              options={[...PROJECT_FAMILY_OPTIONS]}
              value={family}
              disabled={saved !== null}
              onChange={(event) => setFamily(readFamily(String(event.target.value)))}
            />
          </Form.Item>
          <ProjectFormFields
            groups={kind.groups}
            wire={wire}
            settings={settings}
            projectId={saved?.id ?? null}
            missing={missing}
            controls={categoryAids.controls}
            notes={{ ...categoryAids.notes, ...period.notes }}
          />
        </Form>
      </Card>
      {saved === null ? (
        kind.sheets.length > 0 ? (
          <Alert
            type="info"
            showIcon
            title={formatMessage(MSG.projectSaveBeforeAssets, { lists: sheetGroupTitles(kind).join('、') })}
          />
        ) : null
      ) : (
        <>
          <ProjectSheets
            kind={kind}
            projectId={saved.id}
            initialKey={typeof wire.assetCategory === 'string' ? wire.assetCategory : undefined}
            isEditable
          />
          {FormSection === undefined ? null : (
            <FormSection
              family={family}
              projectId={saved.id}
              isOwner
              isSeller
              status="draft"
              disclosureEnd={null}
              form={wire}
            />
          )}
        </>
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
          {stages.map((stage) => (
            <Button
              key={stage}
              type={stage === stages[stages.length - 1] ? 'primary' : 'default'}
              loading={busy === stage}
              disabled={busy !== null}
              onClick={() => void onSubmit(stage)}
            >
              {kind.preDisclosure === 'none' ? '提交' : STAGE_LABELS[stage]}
            </Button>
          ))}
        </Space>
      </Card>
    </Space>
  );
}
