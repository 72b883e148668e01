// The attachment table of the sign-off panel (BF-2.7): the file's name (or its type, the attachment slot it was
// uploaded to), the upload time in +08:00, and preview (png, jpg, jpeg, pdf: SH-9.4) and download. Empty, it
// says 暂无数据.
import { Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { displayFileName, FileActions } from '../file-row.tsx';
import type { FileRowItem } from '../file-row.tsx';

export type SignOffAttachment = FileRowItem & {
  /** what the file is (申请材料, 申请书...): shown in the type column */
  typeLabel?: string;
};

export type AttachmentTableProps = {
  items: readonly SignOffAttachment[];
  /** the first column: the file name (default) or the file type */
  firstColumn?: 'name' | 'type';
  isLoading?: boolean;
};

export function AttachmentTable({ items, firstColumn = 'name', isLoading = false }: AttachmentTableProps) {
  const columns: TableColumnsType<SignOffAttachment> = [
    firstColumn === 'type'
      ? { title: '文件类型', key: 'type', render: (_value, item) => item.typeLabel ?? displayFileName(item) }
      : { title: '文件名称', key: 'name', render: (_value, item) => displayFileName(item) },
    {
      title: '上传时间',
      key: 'dateCreated',
      width: 180,
      render: (_value, item) => (item.dateCreated ? formatDateTime(item.dateCreated) : ''),
    },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_value, item) => <FileActions item={item} />,
    },
  ];
  return (
    <Table<SignOffAttachment>
      size="small"
      rowKey="uuid"
      columns={columns}
      dataSource={[...items]}
      loading={isLoading}
      pagination={false}
      locale={{ emptyText: MSG.noDataYet }}
    />
  );
}
