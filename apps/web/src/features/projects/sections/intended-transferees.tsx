// 意向受让方 of an equity project (its `custom` section): the buyers the exchange registered through their
// members, whether their qualification was confirmed and with what opinion, and the documents the owner filed for
// each (上传资料: the file is uploaded to the project, then linked to the transferee).
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Table, Tag } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDate, formatFen } from '@cqjy/domain/format';
import { TRANSFEREE_FILE_TAG } from '@cqjy/domain/projects/views';
import type { IntendedTransferee } from '@cqjy/domain/projects/views';
import { PROJECT_DATA_CLASS } from '@cqjy/domain/workflow/actions';
import { FileRow, FileUpload } from '../../../components/index.ts';
import { linkTransfereeFile, transfereesQuery } from '../api.ts';
import type { ProjectSectionProps } from './section-props.ts';

export function IntendedTransferees({ family, projectId, isOwner }: ProjectSectionProps) {
  const queryClient = useQueryClient();
  const transferees = useQuery(transfereesQuery(family, projectId));
  const [uploadingFor, setUploadingFor] = useState<string | null>(null);
  const [files, setFiles] = useState<AttachmentItem[]>([]);

  const onUploaded = async (items: AttachmentItem[]): Promise<void> => {
    setFiles(items);
    const file = items[items.length - 1];
    if (file === undefined || uploadingFor === null) return;
    try {
      await linkTransfereeFile(family, { projectId, name: uploadingFor, uuid: file.uuid });
      void queryClient.invalidateQueries({ queryKey: ['projects', 'transferees', family, projectId] });
      setUploadingFor(null);
      setFiles([]);
    } catch {
      // the HTTP client has told the user
    }
  };

  return (
    <Card title="意向受让方">
      <Table<IntendedTransferee>
        rowKey="name"
        size="small"
        loading={transferees.isFetching}
        dataSource={transferees.data ?? []}
        pagination={false}
        locale={{ emptyText: '暂无登记的意向受让方' }}
        columns={[
          { title: '意向受让方', dataIndex: 'name', key: 'name' },
          {
            title: '拟受让价格（元）',
            key: 'amount',
            align: 'right',
            render: (_, row) => (row.amount === null ? '—' : formatFen(row.amount)),
          },
          { title: '登记日期', key: 'registeredAt', render: (_, row) => formatDate(row.registeredAt) },
          {
            title: '资格确认',
            key: 'qualified',
            render: (_, row) => (row.isQualified ? <Tag color="success">已确认</Tag> : <Tag>待确认</Tag>),
          },
          { title: '资格审核意见', key: 'opinion', render: (_, row) => row.opinion ?? '—' },
          {
            title: '资料',
            key: 'files',
            render: (_, row) => (
              <>
                {row.files.map((file) => (
                  <FileRow key={file.uuid} item={file} />
                ))}
                {isOwner && (
                  <Button type="link" size="small" onClick={() => setUploadingFor(row.name)}>
                    上传资料
                  </Button>
                )}
              </>
            ),
          },
        ]}
      />
      <Modal
        open={uploadingFor !== null}
        title={`上传意向受让方资料：${uploadingFor ?? ''}`}
        footer={null}
        destroyOnHidden
        onCancel={() => {
          setUploadingFor(null);
          setFiles([]);
        }}
      >
        <FileUpload
          tag={TRANSFEREE_FILE_TAG}
          dataClass={PROJECT_DATA_CLASS}
          dataId={String(projectId)}
          value={files}
          onChange={(items) => void onUploaded(items)}
        />
      </Modal>
    </Card>
  );
}
