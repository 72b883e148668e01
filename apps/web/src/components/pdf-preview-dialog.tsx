// A PDF shown inside the page (SH-9.4), one page at a time on a canvas with page navigation.
import { Button, Space, Spin } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../lib/notify.ts';
import { AppDialog } from './app-dialog.tsx';
import { usePdfPages } from './use-pdf-pages.ts';

/** Wide enough for an A4 page to be read; the spec's large dialog (580) is the least. */
const PDF_DIALOG_WIDTH = 860;
const PDF_PAGE_WIDTH = PDF_DIALOG_WIDTH - 48;

export type PdfPreviewDialogProps = {
  title: string;
  /** loads the file's bytes; called once each time the dialog opens */
  load: () => Promise<Blob>;
  open: boolean;
  onClose: () => void;
};

export function PdfPreviewDialog({ title, load, open, onClose }: PdfPreviewDialogProps) {
  const { doc, pageNumber, setPageNumber, pageCount, canvasRef } = usePdfPages({
    key: open ? 'open' : null,
    load,
    width: PDF_PAGE_WIDTH,
    onFailed: () => {
      notify.error(MSG.previewFailed);
      onClose();
    },
  });

  return (
    <AppDialog
      size="lg"
      minWidth={PDF_DIALOG_WIDTH}
      title={title}
      open={open}
      onCancel={onClose}
      footer={
        <Space>
          <Button disabled={pageNumber <= 1} onClick={() => setPageNumber((page) => page - 1)}>
            上一页
          </Button>
          <span>{pageCount > 0 ? `第 ${pageNumber} / ${pageCount} 页` : ''}</span>
          <Button disabled={pageNumber >= pageCount} onClick={() => setPageNumber((page) => page + 1)}>
            下一页
          </Button>
        </Space>
      }
      destroyOnHidden
    >
      {doc === null ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <canvas ref={canvasRef} aria-label={`${title} 第${pageNumber}页`} style={{ display: 'block' }} />
      )}
    </AppDialog>
  );
}
