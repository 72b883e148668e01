// The facts at the head of a project: code, status, owner (named as its kind calls it), and its disclosure (or pre-disclosure) period and
// suspension. The project page and the review screens show the same list.
import { Descriptions } from 'antd';
import { formatDate } from '@cqjy/domain/format';
import { findProjectKind } from '@cqjy/domain/projects/kinds/index';
import type { ProjectView } from '@cqjy/domain/workflow/views';

export function ProjectHeadFacts({ project }: { project: ProjectView }) {
  // a pre-disclosed project's period is its pre-disclosure's
  const period = project.status === 'preDisclosing' ? '预披露' : '披露';
  return (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label="项目编号">{project.code}</Descriptions.Item>
      <Descriptions.Item label="项目状态">{project.statusLabel}</Descriptions.Item>
      <Descriptions.Item label={findProjectKind(project.family)?.ownerLabel ?? '转让方'}>
        {project.companyName}
      </Descriptions.Item>
      <Descriptions.Item label={`${period}开始日期`}>
        {project.disclosureStart ? formatDate(project.disclosureStart) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={`${period}截止日期`}>
        {project.disclosureEnd ? formatDate(project.disclosureEnd) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="中止日期">
        {project.pausedAt ? formatDate(project.pausedAt) : '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}
