// The project of a registration: picked among the projects open to registrations (a new one), and shown with its
// listing price, deposit and deadlines.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Select, Space, Spin, Typography } from 'antd';
import type { OpenProject } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import { familyLabel } from '@cqjy/domain/workflow/families';
import { openProjectsQuery } from './api.ts';
import { dateOf, type ProjectFacts } from './intention-form-values.ts';
import { showFen } from './shared.tsx';

function projectLabel(project: Pick<OpenProject, 'name' | 'code'>): string {
  return `${project.name}（${project.code}）`;
}

/** The projects open to registrations: typing asks the server for the ones that match. */
export function ProjectPicker({
  id,
  value,
  onChange,
  current,
  onProject,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  current: OpenProject | null;
  onProject: (project: OpenProject | null) => void;
}) {
  const [keyword, setKeyword] = useState('');
  const projects = useQuery(openProjectsQuery(keyword));
  const found = projects.data ?? [];
  const all = current !== null && !found.some((p) => p.id === current.id) ? [current, ...found] : found;
  return (
    <Select<number>
      id={id}
      aria-label="意向项目"
      value={value}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={projects.isFetching}
      placeholder="输入项目名称或编号查找"
      notFoundContent={projects.isFetching ? <Spin size="small" /> : MSG.intentionNoOpenProject}
      options={all.map((project) => ({
        value: project.id,
        label: projectLabel(project),
        title: project.name,
      }))}
      optionRender={(option) => {
        const project = all.find((entry) => entry.id === option.value);
        if (project === undefined) return option.label;
        return (
          <Space orientation="vertical" size={0}>
            <Typography.Text>{option.label}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {project.familyLabel}；挂牌价{showFen(project.listingPrice)}；披露截止
              {dateOf(project.disclosureEnd)}
            </Typography.Text>
          </Space>
        );
      }}
      onChange={(picked) => {
        onChange?.(picked);
        onProject(all.find((project) => project.id === picked) ?? null);
      }}
      style={{ maxWidth: 560 }}
    />
  );
}

/** The project registered on: its price, its deposit and the deadlines. */
export function ProjectBrief({ project }: { project: ProjectFacts }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      style={{ marginBottom: 24 }}
      styles={{ label: { width: 170 } }}
    >
      <Descriptions.Item label="意向项目" span={2}>
        {projectLabel(project)}
      </Descriptions.Item>
      <Descriptions.Item label="项目类型">
        {project.familyLabel ?? familyLabel(project.family)}
      </Descriptions.Item>
      {project.listingPrice === undefined ? null : (
        <Descriptions.Item label="挂牌价格">{showFen(project.listingPrice)}</Descriptions.Item>
      )}
      <Descriptions.Item label="交易保证金">
        {project.depositAmount === undefined || project.depositAmount === null
          ? '无需交纳'
          : showFen(project.depositAmount)}
      </Descriptions.Item>
      <Descriptions.Item label="保证金交纳截止日期">{dateOf(project.depositDeadline)}</Descriptions.Item>
      {project.disclosureEnd === undefined ? null : (
        <Descriptions.Item label="披露截止日">{dateOf(project.disclosureEnd)}</Descriptions.Item>
      )}
    </Descriptions>
  );
}
