// The import of every registry (企业客户导入预览 at routes.import): 下载模板; the filled template uploaded as a file
// of the company's imports into the registry (the upload control's checks and progress bar); then every row as the
// server read it, the rows with errors highlighted with what is wrong (the project sheets' preview); 确认导入 stores
// the valid rows, skips the others, says how many, and goes back to the list. Nothing is stored before that.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Result, Space, Spin } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { sheetMaxRows } from '@cqjy/domain/projects/sheets';
import type { SheetImportPreview } from '@cqjy/domain/projects/sheets';
import { registrySheet } from '@cqjy/domain/registries/kit';
import { notify } from '../../lib/notify.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { CloseButton, FileUpload } from '../../components/index.ts';
import { SheetImportPreviewView } from '../projects/index.ts';
import {
  downloadRegistryTemplate,
  importRegistryRows,
  previewRegistryImport,
  REGISTRY_IMPORT_CLASS,
  REGISTRY_IMPORT_TAG,
  registryImportDataId,
} from './api.ts';
import { registryPath, useRegistryPage } from './use-registry.ts';
import type { RegistryPage } from './use-registry.ts';

export function RegistryImportPage() {
  const page = useRegistryPage();
  if (page === undefined) return <Result status="warning" title={MSG.notFound} />;
  if (page.isExchange)
    return <Result status="warning" title={MSG.registriesNotOwn} extra={<CloseButton />} />;
  return <RegistryImport key={page.def.key} page={page} />;
}

function RegistryImport({ page }: { page: RegistryPage }) {
  const { def } = page;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<AttachmentItem[]>([]);
  const [preview, setPreview] = useState<SheetImportPreview | null>(null);
  const { busy, run } = useBusy<'template' | 'preview' | 'import'>();
  const file = files[0];
  const canImport = preview !== null && preview.valid > 0 && preview.problems.length === 0;

  const onDownload = (): Promise<void> => run('template', () => downloadRegistryTemplate(def));

  const onUploaded = async (items: AttachmentItem[]): Promise<void> => {
    setFiles(items);
    setPreview(null);
    const uploaded = items[0];
    if (uploaded === undefined) return;
    // the client shows why a file cannot be read
    await run('preview', async () => {
      setPreview(await previewRegistryImport(def, uploaded.uuid));
    });
  };

  const onImport = async (): Promise<void> => {
    if (file === undefined) return;
    await run('import', async () => {
      const result = await importRegistryRows(def, file.uuid);
      notify.success(formatMessage(MSG.assetsImported, result));
      void queryClient.invalidateQueries({ queryKey: ['registries', def.key] });
      void navigate(registryPath(def, 'list'), { replace: true });
    });
  };

  return (
    <Card
      title={`导入${def.title}`}
      extra={
        <Space>
          <Button
            type="primary"
            disabled={!canImport || busy !== null}
            loading={busy === 'import'}
            onClick={() => void onImport()}
          >
            {preview === null ? '确认导入' : `确认导入（${preview.valid}条）`}
          </Button>
          <CloseButton to={registryPath(def, 'list')} />
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={formatMessage(MSG.registriesImportHint, {
            title: def.title,
            max: sheetMaxRows(registrySheet(def)),
          })}
          action={
            <Button size="small" loading={busy === 'template'} onClick={() => void onDownload()}>
              下载模板
            </Button>
          }
        />
        <FileUpload
          tag={REGISTRY_IMPORT_TAG}
          dataClass={REGISTRY_IMPORT_CLASS}
          dataId={registryImportDataId(def, page.companyId)}
          accept={['xlsx']}
          maxCount={1}
          isDrag
          value={files}
          onChange={(items) => void onUploaded(items)}
          buttonText="选择或拖入填好的模板"
        />
        <Spin
          spinning={busy === 'preview' || busy === 'import'}
          tip={busy === 'import' ? '正在导入……' : '正在读取表格……'}
        >
          {preview !== null ? (
            <SheetImportPreviewView columns={def.fields} preview={preview} scrollY={420} />
          ) : (
            <div style={{ minHeight: busy === 'preview' ? 80 : 0 }} />
          )}
        </Spin>
      </Space>
    </Card>
  );
}
