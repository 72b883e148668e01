// 电签文件 (/index/signature, GJS_FILE_SIGN; every company's with 所属单位 for the exchange): the PDFs the portal
// e-signed for the company, one row per file, each with the verdict the server computed from the stored bytes
// (有效 / 无效 / 未签名), who signed and when, the certificate, and the verification code anyone can check on
// 电签文件验证 (/verify). 预览 shows the PDF in the page, 下载 saves it, 验签详情 lists every check of every
// signature.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { formatDateTime } from '@cqjy/domain/format';
import { identityName } from '@cqjy/domain/identity';
import { isAdminIdentity } from '@cqjy/domain/menus';
import { MSG } from '@cqjy/domain/messages';
import type { SignedFile, SignedFileSource } from '@cqjy/domain/signed-files';
import { downloadAttachment, fetchAttachmentBlob } from '../../api/attachments.ts';
import { PageLoading, PdfPreviewDialog } from '../../components/index.ts';
import { ListPage, RowAction, useListQuery } from '../../components/list-page/index.ts';
import type { ListColumn } from '../../components/list-page/index.ts';
import { usePageTitle } from '../../lib/route-handle.ts';
import { useSession } from '../../lib/session-store.ts';
import { SIGNATURE_STATE_COLORS, VerificationDetails } from '../verify/index.ts';
import { signedFileQuery, signedFilesQuery } from './api.ts';
import type { SignedFileQuery } from './api.ts';

const DAY_FORMAT = 'YYYY-MM-DD';

type FormValues = { keyword?: string; range?: [Dayjs | null, Dayjs | null] | null };

/** What a file belongs to, as one line: 项目 GR2026... 某某项目. */

/** The least the file's name, its business and the companies get before the table scrolls. */
const TEXT_MIN_WIDTH = 140;
export function describeSource(source: SignedFileSource | null): string {
  if (source === null) return '—';
  return [source.kind, source.code, source.name].filter((part) => part !== null && part !== '').join(' ');
}

export function SignedFileListPage() {
  const title = usePageTitle();
  const isExchange = useSession((session) => isAdminIdentity(identityName(session.identityType)));
  const [previewing, setPreviewing] = useState<SignedFile | null>(null);
  const [inspecting, setInspecting] = useState<SignedFile | null>(null);
  const { search, list } = useListQuery((query: SignedFileQuery) => signedFilesQuery(query));

  // 查询 always asks again: the verdicts are computed from the stored files at every look
  const onSearch = (values: FormValues): void => {
    const [from, to] = values.range ?? [];
    search({
      keyword: values.keyword?.trim() || undefined,
      from: from?.format(DAY_FORMAT),
      to: to?.format(DAY_FORMAT),
    });
  };

  // The names (file, business, companies) take what the other columns leave, cut to their column: a company's list
  // fits the card of a 1,366 and a 1,440 px screen.
  const columns: ListColumn<SignedFile>[] = [
    {
      title: '关键字',
      key: 'keyword',
      hideInTable: true,
      search: { kind: 'input', placeholder: '文件名称、项目名称或编号、验证码', width: 280 },
    },
    { title: '文件名称', dataIndex: 'fileName', key: 'fileName', ellipsis: true, fixed: 'left' },
    {
      title: '所属业务',
      key: 'source',
      ellipsis: true,
      render: (_, row) => describeSource(row.source),
    },
    ...(isExchange
      ? [{ title: '所属单位', dataIndex: 'companyName', key: 'companyName', ellipsis: true }]
      : []),
    {
      title: '签章单位',
      key: 'signerName',
      ellipsis: true,
      render: (_, row) => row.signerName ?? '—',
    },
    {
      title: '签章时间',
      key: 'signingTime',
      width: 150,
      render: (_, row) => (row.signingTime === null ? '—' : formatDateTime(row.signingTime)),
      search: { kind: 'dateRange', name: 'range', label: '签章日期', isOpenEnded: true, width: 260 },
    },
    {
      title: '验证码',
      key: 'code',
      width: 170,
      render: (_, row) => (
        <Typography.Text
          copyable={{ text: row.code, tooltips: ['复制验证码', MSG.verifyCodeCopied] }}
          style={{ fontFamily: 'monospace' }}
        >
          {row.code}
        </Typography.Text>
      ),
    },
    {
      title: '证书序列号',
      key: 'certificateSerial',
      width: 130,
      ellipsis: true,
      render: (_, row) =>
        row.certificateSerial === null ? (
          '—'
        ) : (
          <Tooltip title={row.certificateSerial}>
            <span style={{ fontFamily: 'monospace' }}>{row.certificateSerial}</span>
          </Tooltip>
        ),
    },
    {
      title: '验签状态',
      key: 'state',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Tooltip title={row.problemLabel ?? undefined}>
          <Tag color={SIGNATURE_STATE_COLORS[row.state]}>{row.stateLabel}</Tag>
        </Tooltip>
      ),
    },
  ];

  return (
    <ListPage<SignedFile, FormValues>
      title={title}
      extra={
        <Typography.Link href="#/verify" target="_blank" rel="noopener">
          电签文件验证
        </Typography.Link>
      }
      columns={columns}
      list={list}
      onSearch={onSearch}
      actions={{
        // 预览 下载 验签详情 side by side
        width: 180,
        render: (row) => (
          <>
            <RowAction onClick={() => setPreviewing(row)}>预览</RowAction>
            <RowAction
              onClick={() =>
                void downloadAttachment({ uuid: row.id, fileName: row.fileName }).catch(() => undefined)
              }
            >
              下载
            </RowAction>
            <RowAction onClick={() => setInspecting(row)}>验签详情</RowAction>
          </>
        ),
      }}
      fit={{ textMinWidth: TEXT_MIN_WIDTH }}
    >
      <PdfPreviewDialog
        title={previewing?.fileName ?? ''}
        open={previewing !== null}
        load={() => fetchAttachmentBlob(previewing?.id ?? '', true)}
        onClose={() => setPreviewing(null)}
      />
      <Drawer
        title={inspecting === null ? '' : `验签详情：${inspecting.fileName}`}
        size={720}
        open={inspecting !== null}
        onClose={() => setInspecting(null)}
        destroyOnHidden
      >
        {inspecting !== null && <SignedFileDetail id={inspecting.id} />}
      </Drawer>
    </ListPage>
  );
}

function SignedFileDetail({ id }: { id: string }) {
  const detail = useQuery(signedFileQuery(id));
  if (detail.data === undefined) {
    return <PageLoading />;
  }
  return <VerificationDetails result={detail.data.verification} />;
}
