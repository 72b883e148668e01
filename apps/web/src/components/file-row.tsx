// One stored attachment (SH-9.4, BF-2.7): its name, upload time (+08:00) and actions. png, jpg and jpeg open in
// antd's image viewer and pdf in a dialog of rendered pages; every type can be downloaded under its own name; a
// file the caller may remove has 删除, and a locked one answers 该文件不可删除 instead of being removed.
import { useEffect, useState } from 'react';
import { Button, Image, Popconfirm, Space, Typography } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatDateTime } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { fileExtension, labelName as stripExtension, previewMode } from '@cqjy/domain/uploads';
import { downloadAttachment, fetchAttachmentBlob } from '../api/attachments.ts';
import { notify } from '../lib/notify.ts';
import { PdfPreviewDialog } from './pdf-preview-dialog.tsx';

export type FileRowItem = Pick<AttachmentItem, 'uuid' | 'name' | 'fileName'> &
  Partial<Pick<AttachmentItem, 'labelName' | 'dateCreated' | 'contentType'>>;

export type FileRowProps = {
  item: FileRowItem;
  /** removes the file; without it the row has no 删除 */
  onDelete?: (item: FileRowItem) => Promise<unknown> | void;
  /** the file may not be removed (already part of a submitted record) */
  isLocked?: boolean;
  disabled?: boolean;
};

export type FileAction = 'imagePreview' | 'pdfPreview' | 'download';

/** SH-9.4: what a row offers for a file: the in-page preview of its kind (if any) and always download. */
export function listFileActions(fileName: string): FileAction[] {
  if (previewMode(fileName) === 'download') return ['download'];
  return fileExtension(fileName) === 'pdf' ? ['pdfPreview', 'download'] : ['imagePreview', 'download'];
}

/** The name shown: labelName with the file's extension. */
export function displayFileName(item: FileRowItem): string {
  const fileName = item.fileName || item.name;
  const ext = fileExtension(fileName);
  const label = item.labelName ?? stripExtension(fileName);
  return ext === '' ? label : `${label}.${ext}`;
}

/**
 * The actions of one stored file: 预览 (png, jpg, jpeg in antd's image viewer, pdf in a dialog of rendered pages)
 * and 下载 under its own name; `children` (a 删除) follow them. Shared by the file rows and the sign-off panel's
 * attachment table.
 */
export function FileActions({ item, children }: { item: FileRowItem; children?: React.ReactNode }) {
  const fileName = item.fileName || item.name;
  const actions = listFileActions(fileName);
  const shownName = displayFileName(item);
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
      // The download needs the bearer token, which an <img src> cannot carry: the bytes come as a blob URL.
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
    <>
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
        {children}
      </Space>
      {actions.includes('imagePreview') && imageUrl !== null ? (
        // The thumbnail stays hidden: the button is the trigger, the viewer opens in a portal.
        <div style={{ display: 'none' }}>
          <Image
            src={imageUrl}
            alt={shownName}
            preview={{ open: isImageOpen, src: imageUrl, onOpenChange: setIsImageOpen }}
          />
        </div>
      ) : null}
      {actions.includes('pdfPreview') ? (
        <PdfPreviewDialog
          title={shownName}
          open={isPdfOpen}
          load={() => fetchAttachmentBlob(item.uuid, true)}
          onClose={() => setIsPdfOpen(false)}
        />
      ) : null}
    </>
  );
}

export function FileRow({ item, onDelete, isLocked = false, disabled = false }: FileRowProps) {
  const shownName = displayFileName(item);
  const [isDeleting, setIsDeleting] = useState(false);

  const remove = async (): Promise<void> => {
    if (onDelete === undefined) return;
    setIsDeleting(true);
    try {
      await onDelete(item);
    } catch {
      // the caller has told the user
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <div className="file-row" style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '4px 0' }}>
      <Typography.Text ellipsis={{ tooltip: shownName }} style={{ flex: 1, minWidth: 0 }}>
        {shownName}
      </Typography.Text>
      {item.dateCreated ? (
        <Typography.Text type="secondary">{formatDateTime(item.dateCreated)}</Typography.Text>
      ) : null}
      <FileActions item={item}>
        {onDelete !== undefined && isLocked ? (
          <Button
            type="link"
            size="small"
            danger
            disabled={disabled}
            onClick={() => notify.warning(MSG.uploadNotDeletable)}
          >
            删除
          </Button>
        ) : null}
        {onDelete !== undefined && !isLocked ? (
          <Popconfirm
            title={MSG.attachmentDeleteConfirm}
            okText={MSG.confirmOk}
            cancelText={MSG.cancel}
            onConfirm={() => remove()}
            disabled={disabled}
          >
            <Button type="link" size="small" danger disabled={disabled} loading={isDeleting}>
              删除
            </Button>
          </Popconfirm>
        ) : null}
      </FileActions>
    </div>
  );
}
