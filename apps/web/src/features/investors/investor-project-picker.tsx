// The capital increase an investor is registered on: picked among the disclosing ones of both families open to
// registration (a member coming from 代理意向方), and shown above the form with its plan's figures.
import { Descriptions, Form, Select, Space, Spin, Typography } from 'antd';
import { formatDate } from '@cqjy/domain/format';
import { MSG, pleaseSelect } from '@cqjy/domain/messages';
import type { OpenCapitalIncrease } from '@cqjy/domain/projects/investors';
import type { ProjectFacts } from './investor-form-values.ts';
import { showAmount, showShare } from './shared.tsx';

function raiseRange(project: Pick<OpenCapitalIncrease, 'raiseMin' | 'raiseMax'>): string {
  const min =
    project.raiseMin === null || project.raiseMin === undefined ? '—' : `${showAmount(project.raiseMin)}元`;
  const max =
    project.raiseMax === null || project.raiseMax === undefined
      ? '不设上限'
      : `${showAmount(project.raiseMax)}元`;
  return `${min}至${max}`;
}

function projectOption(project: OpenCapitalIncrease) {
  return { value: project.id, label: `${project.name}（${project.code}）` };
}

/** 增资项目: the open capital increases, each with its company, the raise and the disclosure's end. */
export function ProjectPicker({
  projects,
  isFetching,
  pickedId,
  onPick,
}: {
  projects: readonly OpenCapitalIncrease[];
  isFetching: boolean;
  pickedId: number | null;
  onPick: (id: number) => void;
}) {
  const picked = projects.find((project) => project.id === pickedId);
  return (
    <Form layout="horizontal" labelCol={{ flex: '170px' }} wrapperCol={{ flex: 1 }} style={{ maxWidth: 900 }}>
      <Form.Item
        label="增资项目"
        htmlFor="investor-project"
        required
        extra={picked === undefined ? MSG.investorsProjectMissing : undefined}
      >
        <Select<number>
          id="investor-project"
          showSearch={{ optionFilterProp: 'label' }}
          loading={isFetching}
          value={pickedId ?? undefined}
          placeholder={pleaseSelect('增资项目')}
          notFoundContent={isFetching ? <Spin size="small" /> : MSG.investorsNoOpenProject}
          options={projects.map(projectOption)}
          optionRender={(option) => {
            const project = projects.find((entry) => entry.id === option.value);
            if (project === undefined) return option.label;
            return (
              <Space orientation="vertical" size={0}>
                <Typography.Text>{option.label}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {project.companyName}；拟募集{raiseRange(project)}；披露截止
                  {project.disclosureEnd === null ? '—' : formatDate(project.disclosureEnd)}
                </Typography.Text>
              </Space>
            );
          }}
          onChange={(value) => onPick(value)}
        />
      </Form.Item>
    </Form>
  );
}

/** The project above the form: what the page knows of it (an edited draft's project may be closed by now). */
export function ProjectBrief({ project }: { project: ProjectFacts }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      style={{ marginBottom: 24 }}
      styles={{ label: { width: 170 } }}
    >
      <Descriptions.Item label="增资项目" span={2}>
        {project.name}（{project.code}）
      </Descriptions.Item>
      {project.companyName === undefined ? null : (
        <Descriptions.Item label="融资方">{project.companyName}</Descriptions.Item>
      )}
      {project.disclosureEnd === undefined ? null : (
        <Descriptions.Item label="披露截止日">
          {project.disclosureEnd === null ? '—' : formatDate(project.disclosureEnd)}
        </Descriptions.Item>
      )}
      {project.raiseMin === undefined ? null : (
        <Descriptions.Item label="拟募集资金金额">
          {raiseRange({ raiseMin: project.raiseMin, raiseMax: project.raiseMax ?? null })}
        </Descriptions.Item>
      )}
      {project.offeredShare === undefined ? null : (
        <Descriptions.Item label="拟新增股权比例">
          {project.offeredShare === null ? '—' : `${showShare(project.offeredShare)}%`}
        </Descriptions.Item>
      )}
      {project.investorCount === undefined ? null : (
        <Descriptions.Item label="拟征集投资方数量">
          {project.investorCount === null ? '不限' : `${project.investorCount}名`}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
