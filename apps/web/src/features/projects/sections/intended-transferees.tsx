// The intended transferees (意向受让方) an equity project's engine applications recorded (an 意向登记 application
// the exchange approved, the 意向资格审核 naming it): rows of the project's one buyer section
// (project-intentions-card.tsx), beside the 代理意向登记 registrations, each with the documents the owner filed for
// it (上传资料: the file is uploaded to the project, then linked to the transferee).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { TRANSFEREE_FILE_TAG } from '@cqjy/domain/projects/views';
import type { IntendedTransferee } from '@cqjy/domain/projects/views';
import { PROJECT_DATA_CLASS } from '@cqjy/domain/workflow/actions';
import { FileRow, FileUpload } from '../../../components/index.ts';
import { linkTransfereeFile } from '../api.ts';

/** A recorded transferee's documents, and for the owner the way to add one. */
export function TransfereeFiles({
  transferee,
  isOwner,
  onUpload,
}: {
  transferee: IntendedTransferee;
  isOwner: boolean;
  onUpload: (name: string) => void;
}) {
  return (
    <>
      {transferee.files.map((file) => (
        <FileRow key={file.uuid} item={file} />
      ))}
      {isOwner && (
        <Button type="link" size="small" onClick={() => onUpload(transferee.name)}>
          上传资料
        </Button>
      )}
    </>
  );
}

/** 上传意向受让方资料: the owner's file for the named transferee, uploaded to the project and linked to it. */
export function TransfereeUploadDialog({
  family,
  projectId,
  name,
  onClose,
}: {
  family: ProjectFamily;
  projectId: number;
  /** the transferee the file is for; null: closed */
  name: string | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<AttachmentItem[]>([]);

  const onUploaded = async (items: AttachmentItem[]): Promise<void> => {
    setFiles(items);
    const file = items[items.length - 1];
    if (file === undefined || name === null) return;
    try {
      await linkTransfereeFile(family, { projectId, name, uuid: file.uuid });
      void queryClient.invalidateQueries({ queryKey: ['projects', 'transferees', family, projectId] });
      setFiles([]);
      onClose();
    } catch {
      // the HTTP client has told the user
    }
  };

  return (
    <Modal
      open={name !== null}
      title={`上传意向受让方资料：${name ?? ''}`}
      footer={null}
      destroyOnHidden
      onCancel={() => {
        setFiles([]);
        onClose();
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
  );
}
