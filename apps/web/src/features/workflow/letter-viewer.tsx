// The application letter shown inside the e-signature screen (spec 001 section 2, EicSre): its first pages drawn
// in the page with the portal's PDF renderer, page navigation, and the full preview dialog and download of the
// common widgets.
import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Space, Spin, Typography } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import type { FileRef } from '@cqjy/domain/workflow/views';
import { downloadAttachment, fetchAttachmentBlob } from '../../api/attachments.ts';
import { notify } from '../../api/notify.ts';
import { PdfPreviewDialog } from '../../components/index.ts';
import { openPdf } from '../../components/pdf-document.ts';
import type { PdfDocument } from '../../components/pdf-document.ts';

const PAGE_WIDTH = 720;

export function LetterViewer({ file, title }: { file: FileRef | null; title: string }) {
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [isFailed, setIsFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const uuid = file?.uuid ?? null;

  useEffect(() => {
    if (uuid === null) return;
    let isCurrent = true;
    let opened: PdfDocument | null = null;
    setIsFailed(false);
    fetchAttachmentBlob(uuid, true)
      .then(openPdf)
      .then((pdf) => {
        opened = pdf;
        if (!isCurrent) {
          void pdf.destroy();
          return;
        }
        setPageNumber(1);
        setDoc(pdf);
      })
      .catch(() => {
        if (isCurrent) setIsFailed(true);
      });
    return () => {
      isCurrent = false;
      setDoc(null);
      if (opened !== null) void opened.destroy();
    };
  }, [uuid]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (doc === null || canvas === null) return;
    doc.renderPage(pageNumber, canvas, PAGE_WIDTH).catch(() => notify.error(MSG.previewFailed));
  }, [doc, pageNumber]);

  if (file === null) return <Empty description={MSG.workflowLetterMissing} />;
  const pageCount = doc?.pageCount ?? 0;
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
