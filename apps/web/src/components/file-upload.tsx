// The file upload control (SH-5.7 to SH-5.9, SH-8.9). Each picked file is checked with the domain's rules before a
// byte is sent (type, name, empty, size, count: the same rules the server applies on arrival), then sent with a
// progress bar. The value is the list of stored attachments of one tag; the form owns it. With one file allowed,
// a new pick replaces the stored one (a re-upload, which asks the server to drop the old file).
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Progress, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { AttachmentItem } from '@cqjy/domain/api';
import { MSG } from '@cqjy/domain/messages';
import { UPLOAD_TYPES, checkUpload, checkUploadCount, uploadLimitMb } from '@cqjy/domain/uploads';
import { deleteAttachment } from '../api/attachments.ts';
import { notify } from '../lib/notify.ts';
import { uploadAttachment } from '../api/upload.ts';
import { FileRow } from './file-row.tsx';

export type FileUploadProps = {
  tag: string;
  dataClass?: string;
  dataId?: string;
  /** the temporary id of a record not saved yet */
  createId?: string;
  value?: AttachmentItem[];
  onChange?: (value: AttachmentItem[]) => void;
  maxCount?: number;
  /** the control's own size limit in MB; 50 (30 in drag mode) unless given */
  maxSizeMb?: number;
  isDrag?: boolean;
  /** accepted types as extensions or an accept string ('.pdf,.png'); the spec's eleven unless given */
  accept?: readonly string[] | string;
  disabled?: boolean;
  /** files that may no longer be removed */
  isLocked?: (item: AttachmentItem) => boolean;
  /** the text of the pick button */
  buttonText?: ReactNode;
};

type PendingUpload = { uid: string; name: string; percent: number; isFailed: boolean };

function toAcceptAttribute(accept: readonly string[] | string | undefined): string {
  if (typeof accept === 'string') return accept;
  return (accept ?? UPLOAD_TYPES).map((type) => (type.startsWith('.') ? type : `.${type}`)).join(',');
}

export function FileUpload({
  tag,
  dataClass,
  dataId,
  createId,
  value = [],
  onChange,
  maxCount,
  maxSizeMb,
  isDrag = false,
  accept,
  disabled = false,
  isLocked,
  buttonText = '上传文件',
}: FileUploadProps) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // Uploads finish one by one after later renders: each adds to the list as it is then, not as it was.
  const valueRef = useRef(value);
  valueRef.current = value;
  const warnedBatch = useRef<unknown>(null);
  const isReplacing = maxCount === 1 && value.length === 1;

  const updatePending = (uid: string, patch: Partial<PendingUpload> | null): void => {
    setPending((current) =>
      patch === null
        ? current.filter((entry) => entry.uid !== uid)
        : current.map((entry) => (entry.uid === uid ? { ...entry, ...patch } : entry)),
    );
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    if (maxCount !== undefined && !(isReplacing && batch.length === 1)) {
      const uploading = pending.filter((entry) => !entry.isFailed).length;
      const countMessage = checkUploadCount(maxCount, value.length + uploading, batch.length);
      if (countMessage !== null) {
        // antd asks once per file of a multiple pick; the user hears it once.
        if (warnedBatch.current !== batch) notify.error(countMessage);
        warnedBatch.current = batch;
        return Upload.LIST_IGNORE;
      }
    }
    const message = checkUpload(file, { maxMb: maxSizeMb, isDrag, accept });
    if (message !== null) {
      notify.error(message);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (!(file instanceof Blob)) return;
    const uid = (file as { uid?: string }).uid ?? `${Date.now()}-${Math.random()}`;
    const name = file instanceof File ? file.name : String(uid);
    const isReplace = isReplacing;
    setPending((current) => [
      ...current.filter((entry) => !entry.isFailed),
      { uid, name, percent: 0, isFailed: false },
    ]);
    uploadAttachment({
      file,
      fileName: name,
      tag,
      dataClass,
      dataId,
      createId,
      isReplacing: isReplace,
      onProgress: (percent) => updatePending(uid, { percent }),
    })
      .then((items) => {
        updatePending(uid, null);
        if (items.length === 0) {
          notify.error(MSG.uploadUrlMissing);
          return;
        }
        if (isReplace) {
          onChange?.(items);
          return;
        }
        const known = new Set(valueRef.current.map((item) => item.uuid));
        onChange?.([...valueRef.current, ...items.filter((item) => !known.has(item.uuid))]);
      })
      .catch(() => {
        // The toast of the failure was shown by the client; the row says the file did not arrive.
        updatePending(uid, { isFailed: true });
      });
  };

  const removeItem = async (item: AttachmentItem): Promise<void> => {
    await deleteAttachment(item.uuid);
    onChange?.(valueRef.current.filter((entry) => entry.uuid !== item.uuid));
  };

  const limitMb = uploadLimitMb({ maxMb: maxSizeMb, isDrag });
  const uploadProps: UploadProps = {
    accept: toAcceptAttribute(accept),
    multiple: maxCount !== 1,
    disabled,
    showUploadList: false,
    beforeUpload,
    customRequest,
  };

  return (
    <div className="file-upload">
      {isDrag ? (
        <Upload.Dragger {...uploadProps}>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或将文件拖拽到这里上传</p>
          <p className="ant-upload-hint">单个文件不超过{limitMb}M</p>
        </Upload.Dragger>
      ) : (
        <Upload {...uploadProps}>
          <Button icon={<UploadOutlined />} disabled={disabled}>
            {buttonText}
          </Button>
        </Upload>
      )}
      <div className="file-upload-list">
        {value.map((item) => (
          <FileRow
            key={item.uuid}
            item={item}
            disabled={disabled}
            isLocked={isLocked?.(item) ?? false}
            onDelete={disabled ? undefined : () => removeItem(item)}
          />
        ))}
        {pending.map((entry) => (
          <div key={entry.uid} className="file-upload-pending" aria-label={`${entry.name} 上传状态`}>
            <Typography.Text>{entry.name}</Typography.Text>
            {entry.isFailed ? (
              <Typography.Text type="danger" style={{ marginLeft: 12 }}>
                {MSG.uploadError}
              </Typography.Text>
            ) : (
              <Progress percent={entry.percent} size="small" />
            )}
            {entry.isFailed ? (
              <Button type="link" size="small" onClick={() => updatePending(entry.uid, null)}>
                移除
              </Button>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  );
}
