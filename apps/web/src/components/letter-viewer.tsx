// An application letter shown where it is signed (the e-signature screen EicSre, 重新出金申请): its pages drawn
// in the page with the portal's PDF renderer, page navigation, and the full preview dialog and download of the
// common widgets.
import { useState } from 'react';
import { Button, Empty, Space, Spin, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import type { FileRef } from '@cqjy/domain/workflow/views';
import { downloadAttachment, fetchAttachmentBlob } from '../api/attachments.ts';
import { PdfPreviewDialog } from './pdf-preview-dialog.tsx';
import { usePdfPages } from './use-pdf-pages.ts';

const PAGE_WIDTH = 720;

export function LetterViewer({ file, title }: { file: FileRef | null; title: string }) {
  const [failedUuid, setFailedUuid] = useState<string | null>(null);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const uuid = file?.uuid ?? null;
  const { doc, pageNumber, setPageNumber, pageCount, canvasRef } = usePdfPages({
    key: uuid,
    load: () => fetchAttachmentBlob(uuid ?? '', true),
    width: PAGE_WIDTH,
    onFailed: () => setFailedUuid(uuid),
  });
  const isFailed = uuid !== null && failedUuid === uuid;

  if (file === null) return <Empty description={MSG.workflowLetterMissing} />;
  return (
    <div className="letter-viewer">
      <Space style={{ marginBottom: 8 }}>
        <Typography.Text strong>{file.name}</Typography.Text>
        <Button size="small" onClick={() => setIsDialogOpen(true)}>
          全屏预览
        </Button>
        <Button
          size="small"
          onClick={() =>
            void downloadAttachment({ uuid: file.uuid, fileName: file.name }).catch(() => undefined)
          }
        >
          下载
        </Button>
      </Space>
      <div style={{ border: '1px solid #f0f0f0', padding: 8, minHeight: 120, overflow: 'auto' }}>
        {isFailed ? <Typography.Text type="danger">{MSG.previewFailed}</Typography.Text> : null}
        {!isFailed && doc === null ? <Spin /> : null}
        {doc !== null ? (
          <canvas ref={canvasRef} aria-label={`${title} 第${pageNumber}页`} style={{ display: 'block' }} />
        ) : null}
      </div>
      {pageCount > 1 ? (
        <Space style={{ marginTop: 8 }}>
          <Button size="small" disabled={pageNumber <= 1} onClick={() => setPageNumber((page) => page - 1)}>
            上一页
          </Button>
          <span>{`第 ${pageNumber} / ${pageCount} 页`}</span>
          <Button
            size="small"
            disabled={pageNumber >= pageCount}
            onClick={() => setPageNumber((page) => page + 1)}
          >
            下一页
          </Button>
        </Space>
      ) : null}
      <PdfPreviewDialog
        title={title}
        open={isDialogOpen}
        load={() => fetchAttachmentBlob(file.uuid, true)}
        onClose={() => setIsDialogOpen(false)}
      />
    </div>
  );
}
