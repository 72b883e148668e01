// The project an application is about, as every step screen shows it at its top.
import { Descriptions, Tag } from 'antd';
import type { ProjectSummary } from '@cqjy/domain/workflow/views';

export function ProjectFacts({ project }: { project: ProjectSummary }) {
  return (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label="项目名称" span={2}>
        {project.name}
      </Descriptions.Item>
      <Descriptions.Item label="项目编号">{project.code}</Descriptions.Item>
      <Descriptions.Item label="项目状态">
        <Tag color="blue">{project.statusLabel}</Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}
