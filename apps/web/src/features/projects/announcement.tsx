// 信息披露公告 of a project (the kinds with the announcement section): 预览公告 shows it as the server composes it (POST
// /api/project/{family}/preview, contracts/project-kinds.ts), the same model its Word and PDF exports draw, and 导出Word / 导出PDF download
// those files.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Space, Spin, Table, Typography } from 'antd';
import { announcementPreviewCall } from '@cqjy/domain/contracts/project-kinds';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import type { DisclosureDocument, TableSection } from '@cqjy/domain/projects/views';
import { saveBlob } from '../../api/attachments.ts';
import { fetchData } from '../../lib/call.ts';
import { http } from '../../lib/http.ts';

/** Wide enough for the asset tables of the announcement. */
const PREVIEW_WIDTH = 1000;

async function fetchAnnouncement(family: ProjectFamily, id: number): Promise<DisclosureDocument> {
  return fetchData(announcementPreviewCall(family), { body: { id } });
}

/** Downloads the announcement as Word or PDF, under the name the server gives it (a file, not an envelope call). */
async function downloadAnnouncement(
  family: ProjectFamily,
  project: { id: number; code: string; name: string },
  format: 'word' | 'pdf',
): Promise<void> {
  const blob = await http.download(`/api/project/${family}/export/${format}/${project.id}`);
  saveBlob(blob, `${project.code}${project.name}信息披露公告.${format === 'word' ? 'docx' : 'pdf'}`);
}

function SectionTable({ section }: { section: TableSection }) {
  const columns = section.table.columns.map((column, index) => ({
    key: String(index),
    title: column.label,
    align: column.align,
    render: (_: unknown, row: string[]) => row[index] ?? '',
  }));
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      {section.heading === '' ? null : <Typography.Text strong>{section.heading}</Typography.Text>}
      <Table<string[]>
        size="small"
        bordered
        pagination={false}
        rowKey={(_row, index) => String(index)}
        columns={columns}
        dataSource={section.table.rows}
        scroll={{ x: 'max-content' }}
      />
      {section.more === undefined ? null : <Typography.Text type="secondary">{section.more}</Typography.Text>}
    </Space>
  );
}

function AnnouncementBody({ document }: { document: DisclosureDocument }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ textAlign: 'center', margin: 0 }}>
        {document.title}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>{document.opening}</Typography.Paragraph>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {document.headings.facts}
      </Typography.Title>
      <Descriptions bordered size="small" column={1} styles={{ label: { width: 180 } }}>
        {document.facts.map((fact) => (
          <Descriptions.Item key={fact.label} label={fact.label}>
            {fact.value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {document.description.length > 0 ? (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {document.headings.description}
          </Typography.Title>
          {document.description.map((paragraph) => (
            <Typography.Paragraph key={paragraph} style={{ margin: 0 }}>
              {paragraph}
            </Typography.Paragraph>
          ))}
        </>
      ) : null}
      {document.parts.map((part) => (
        <Space key={part.heading} orientation="vertical" size={8} style={{ width: '100%' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {part.heading}
          </Typography.Title>
          {part.sections.length === 0 ? (
            <Typography.Text type="secondary">{part.empty}</Typography.Text>
          ) : (
            part.sections.map((section, index) => (
              <SectionTable key={`${section.heading}-${index}`} section={section} />
            ))
          )}
        </Space>
      ))}
      <Typography.Paragraph style={{ margin: 0 }}>{document.closing.text}</Typography.Paragraph>
      <div style={{ textAlign: 'right' }}>
        <div>{document.closing.issuer}</div>
        <div>{document.closing.date}</div>
      </div>
    </Space>
  );
}

export type AnnouncementActionsProps = {
  family: ProjectFamily;
  project: { id: number; code: string; name: string };
};

/** 预览公告, 导出Word and 导出PDF for one project. */
export function AnnouncementActions({ family, project }: AnnouncementActionsProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [downloading, setDownloading] = useState<'word' | 'pdf' | null>(null);
  const preview = useQuery({
    queryKey: ['projects', 'announcement', family, project.id] as const,
    queryFn: () => fetchAnnouncement(family, project.id),
    enabled: isOpen,
    staleTime: 0,
  });

  const onDownload = async (format: 'word' | 'pdf'): Promise<void> => {
    setDownloading(format);
    try {
      await downloadAnnouncement(family, project, format);
    } catch {
      // the HTTP client has told the user
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <Space wrap>
        <Button onClick={() => setIsOpen(true)}>预览公告</Button>
        <Button loading={downloading === 'word'} onClick={() => void onDownload('word')}>
          导出Word
        </Button>
        <Button loading={downloading === 'pdf'} onClick={() => void onDownload('pdf')}>
          导出PDF
        </Button>
      </Space>
      <Modal
        open={isOpen}
        title="信息披露公告预览"
        width={PREVIEW_WIDTH}
        footer={null}
        destroyOnHidden
        onCancel={() => setIsOpen(false)}
      >
        {preview.data === undefined ? (
          <div style={{ textAlign: 'center', padding: 48 }}>{preview.isError ? null : <Spin />}</div>
        ) : (
          <AnnouncementBody document={preview.data} />
        )}
      </Modal>
    </>
  );
}
