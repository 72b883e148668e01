// The project as a step screen shows it to whoever decides on an application (the exchange's reviewer first):
// its head facts, its whole form read only as its kind draws it (price, appraisal, description, files ...), with
// what a resubmission changed marked, its sheets (the asset list ...), and the way to the project's own page.
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button, Card, Space, Spin, Tag } from 'antd';
import { findProjectKind, readProjectForm } from '@cqjy/domain/projects/kinds/index';
import type { ProjectFormBase } from '@cqjy/domain/projects/kinds/fields';
import { projectQuery } from '../../api/projects.ts';
import { ProjectFacts } from '../workflow/index.ts';
import type { ProjectPanelProps } from '../workflow/index.ts';
import { ProjectFactsView } from './project-facts-view.tsx';
import { ProjectHeadFacts } from './project-head-facts.tsx';
import { projectShowPath } from './project-list-page.tsx';
import { ProjectSheets } from './project-sections.tsx';

export function ProjectReviewPanel({ project: summary, previousForm }: ProjectPanelProps) {
  const navigate = useNavigate();
  const project = useQuery(projectQuery(summary.id));
  const data = project.data;
  if (data === undefined) {
    // the summary the application carries, until (or unless) the project itself is read
    return project.isError ? <ProjectFacts project={summary} /> : <Spin />;
  }
  const kind = findProjectKind(data.family);
  const form = readProjectForm(data);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        type="inner"
        title={
          <Space>
            {data.name}
            <Tag color="blue">{data.statusLabel}</Tag>
          </Space>
        }
        extra={
          <Button type="link" onClick={() => void navigate(projectShowPath(data))}>
            查看项目
          </Button>
        }
      >
        <ProjectHeadFacts project={data} />
        {kind === undefined ? null : (
          <ProjectFactsView
            kind={kind}
            form={form}
            agentName={data.agentCompanyName}
            attachments={data.attachments}
            previous={previousForm as ProjectFormBase | null}
          />
        )}
      </Card>
      {kind === undefined ? null : (
        <ProjectSheets
          kind={kind}
          projectId={data.id}
          initialKey={typeof form.assetCategory === 'string' ? form.assetCategory : undefined}
          isEditable={false}
        />
      )}
    </Space>
  );
}
