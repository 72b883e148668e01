// The project view of every family ({family}ShowProject: bulkShowProject, collShowProject, rightShowProject ...;
// ?id=): the project's status and period, its form read only as its kind draws it, the actions its status allows
// (for its owner, or for the member representing it the member's own), its applications, what its approved actions
// recorded, its trading-system result, its buyers (the families that take intention registrations: one section, the
// registrations with the transferees the engine's applications recorded, their deposits and reviews and the deal's
// course; the engine's buyer-side records are not shown again among the others), the sections its kind has
// (participants, list sheets, the family's own), its signed letters and its process log. A family without a kind
// yet shows what the engine knows of it.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Card, Result, Space, Spin, Tag } from 'antd';
import { IDENTITY } from '@cqjy/domain/identity';
import { MSG } from '@cqjy/domain/messages';
import { isIntentionFamily, withoutBuyerRecords } from '@cqjy/domain/intentions';
import { findProjectKind, isProjectFamily, readProjectForm } from '@cqjy/domain/projects/kinds/index';
import { canEditParticipants } from '@cqjy/domain/projects/participants';
import type { Applicant } from '@cqjy/domain/workflow/actions';
import { projectQuery } from '../../api/projects.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { useSession } from '../../lib/session-store.ts';
import { CloseButton, FileRow } from '../../components/index.ts';
import {
  ActionButtons,
  ActionRecords,
  ProcessLog,
  ProjectApplications,
  projectActionsQuery,
  ProjectNeeded,
} from '../workflow/index.ts';
import { AnnouncementActions } from './announcement.tsx';
import { canSyncFromOtc, OtcResultCard, OtcSyncButton } from './otc-result.tsx';
import { ParticipantList } from './participant-list.tsx';
import { ProjectFactsView } from './project-facts-view.tsx';
import { ProjectHeadFacts } from './project-head-facts.tsx';
import { ProjectIntentionsCard } from './project-intentions-card.tsx';
import { ProjectSheets } from './project-sections.tsx';
import { CUSTOM_SECTIONS } from './sections/index.ts';

export function ProjectViewPage() {
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const companyId = useSession((session) => session.userInfo?.companyId);
  const isExchange = useSession((session) => session.identityType === IDENTITY.admin);
  const project = useQuery({ ...projectQuery(id ?? 0), enabled: id !== null });
  const applications = useQuery({ ...projectActionsQuery(id ?? 0), enabled: id !== null });

  if (id === null) return <ProjectNeeded />;
  const data = project.data;
  if (data === undefined) {
    return project.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  const kind = findProjectKind(data.family);
  const family = isProjectFamily(data.family) ? data.family : null;
  // The owner applies for the project's actions, the member representing it for the member's own (intention
  // registration ...); the exchange sees the project and reviews.
  const isOwner = data.companyId === companyId;
  const role: Applicant | null = isOwner ? 'owner' : data.agentCompanyId === companyId ? 'agent' : null;
  const sections = kind?.sections ?? [];
  const form = readProjectForm(data);
  const CustomSection = family === null ? undefined : CUSTOM_SECTIONS[family];
  const isBuyerSide = isIntentionFamily(data.family);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            {data.name}
            <Tag color="blue">{data.statusLabel}</Tag>
          </Space>
        }
        extra={
          <Space>
            {family !== null && sections.includes('announcement') ? (
              <AnnouncementActions family={family} project={data} />
            ) : null}
            {canSyncFromOtc(data, isOwner || isExchange) ? <OtcSyncButton projectId={data.id} /> : null}
            <CloseButton />
          </Space>
        }
      >
        <ProjectHeadFacts project={data} />
        {kind !== undefined && (
          <ProjectFactsView
            kind={kind}
            form={form}
            agentName={data.agentCompanyName}
            attachments={data.attachments}
          />
        )}
        <ActionButtons project={data} applications={applications.data} applicant={role} />
      </Card>
      <ProjectApplications family={data.family} rows={applications.data ?? []} isApplicant={role !== null} />
      <ActionRecords
        family={data.family}
        details={isBuyerSide ? withoutBuyerRecords(data.details) : data.details}
      />
      <OtcResultCard details={data.details} />
      {isIntentionFamily(data.family) ? <ProjectIntentionsCard project={data} family={data.family} /> : null}
      {family !== null && CustomSection !== undefined && sections.includes('custom') ? (
        <CustomSection
          family={family}
          projectId={data.id}
          isOwner={isOwner}
          isSeller={role !== null}
          status={data.status}
          disclosureEnd={data.disclosureEnd}
          form={form}
        />
      ) : null}
      {family !== null && sections.includes('participants') ? (
        <ParticipantList
          family={family}
          projectId={data.id}
          isEditable={isOwner && canEditParticipants(data.status)}
        />
      ) : null}
      {kind !== undefined && (
        <ProjectSheets
          kind={kind}
          projectId={data.id}
          initialKey={typeof form.assetCategory === 'string' ? form.assetCategory : undefined}
          isEditable={false}
        />
      )}
      {data.signedLetters.length > 0 ? (
        <Card title="已签章文件">
          {data.signedLetters.map((file) => (
            <FileRow key={file.uuid} item={{ uuid: file.uuid, name: file.name, fileName: file.name }} />
          ))}
        </Card>
      ) : null}
      <Card title="流程记录">
        <ProcessLog projectId={data.id} />
      </Card>
    </Space>
  );
}
