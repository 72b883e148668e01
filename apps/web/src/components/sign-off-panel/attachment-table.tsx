// The attachment table of the sign-off panel (BF-2.7): the file's name (or its type, the attachment slot it was
// uploaded to), the upload time in +08:00, and preview (png, jpg, jpeg, pdf: SH-9.4) and download. Empty, it
// says 暂无数据.
import { useEffect, useState } from 'react';
import { Button, Image, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { downloadAttachment, fetchAttachmentBlob } from '../../api/attachments.ts';
import { displayFileName, listFileActions } from '../file-row.tsx';
import type { FileRowItem } from '../file-row.tsx';
import { PdfPreviewDialog } from '../pdf-preview-dialog.tsx';

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

function AttachmentActions({ item }: { item: SignOffAttachment }) {
  const fileName = item.fileName || item.name;
  const actions = listFileActions(fileName);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [isImageOpen, setIsImageOpen] = useState(false);
  const [isPdfOpen, setIsPdfOpen] = useState(false);
  const [busy, setBusy] = useState<'preview' | 'download' | null>(null);

  useEffect(
    () => () => {
      if (imageUrl !== null) URL.revokeObjectURL(imageUrl);
    },
    [imageUrl],
  );

  const previewImage = async (): Promise<void> => {
    if (imageUrl !== null) {
      setIsImageOpen(true);
      return;
    }
    setBusy('preview');
    try {
      // An <img src> cannot carry the bearer token: the bytes come as a blob URL.
      setImageUrl(URL.createObjectURL(await fetchAttachmentBlob(item.uuid, true)));
      setIsImageOpen(true);
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  const download = async (): Promise<void> => {
    setBusy('download');
    try {
      await downloadAttachment({ uuid: item.uuid, fileName });
    } catch {
      // the HTTP client has told the user
    } finally {
      setBusy(null);
    }
  };

  return (
    <Space size={4}>
      {actions.includes('imagePreview') ? (
        <Button type="link" size="small" loading={busy === 'preview'} onClick={() => void previewImage()}>
          预览
        </Button>
      ) : null}
      {actions.includes('pdfPreview') ? (
        <Button type="link" size="small" onClick={() => setIsPdfOpen(true)}>
          预览
        </Button>
      ) : null}
      <Button type="link" size="small" loading={busy === 'download'} onClick={() => void download()}>
        下载
      </Button>
      {imageUrl !== null ? (
        <div style={{ display: 'none' }}>
          <Image
            src={imageUrl}
            alt={displayFileName(item)}
            preview={{ open: isImageOpen, src: imageUrl, onOpenChange: setIsImageOpen }}
          />
        </div>
      ) : null}
      {actions.includes('pdfPreview') ? (
        <PdfPreviewDialog
          title={displayFileName(item)}
          open={isPdfOpen}
          load={() => fetchAttachmentBlob(item.uuid, true)}
          onClose={() => setIsPdfOpen(false)}
        />
      ) : null}
    </Space>
  );
}

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
      render: (_value, item) => <AttachmentActions item={item} />,
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
