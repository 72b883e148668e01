// The page of one document (查看收文 receivedShow?id=, 查看发文 sendingShow?id=): its facts, its body and its
// attachments (preview, download), and what the caller does next. The writer edits, deletes and sends its draft
// (a company may first e-sign its 发文); the company a received document was sent to marks it read by opening it
// and confirms it (确认收文); the exchange confirms it has a company's sent document (确认已收). A signed document
// shows its signed PDF.
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import type { DocumentDetail } from '@cqjy/domain/documents';
import { formatDateTime, formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../../lib/notify.ts';
import { readQueryId } from '../../lib/query-id.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { CloseButton, FileRow, LetterViewer, PageLoading, PageNotFound } from '../../components/index.ts';
import {
  acknowledgeDocument,
  deleteDocument,
  documentQuery,
  markExchangeReceived,
  markRead,
  sendDocument,
} from './api.ts';
import { DocumentSignCard } from './document-sign-card.tsx';
import { stateColor } from './document-list-page.tsx';
import { documentPath, useDocumentPage } from './use-document-page.ts';
import type { DocumentPage } from './use-document-page.ts';

export function DocumentShowPage() {
  const page = useDocumentPage();
  const [params] = useSearchParams();
  const id = readQueryId(params.get('id'));
  const doc = useQuery({ ...documentQuery(page.direction, id ?? 0), enabled: id !== null });

  if (id === null || doc.isError) {
    return <PageNotFound />;
  }
  if (doc.data === undefined) {
    return <PageLoading />;
  }
  return <DocumentShow key={doc.data.id} page={page} doc={doc.data} />;
}

const timeOf = (iso: string | null, by?: string | null): string =>
  iso === null ? '—' : `${formatDateTime(iso)}${by === undefined || by === null ? '' : `（${by}）`}`;

function DocumentShow({ page, doc }: { page: DocumentPage; doc: DocumentDetail }) {
  const { direction, isWriter, isExchange, noun } = page;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, run } = useBusy<'send' | 'delete' | 'acknowledge' | 'receive'>();
  const isReceived = direction === 'received';
  const isDraft = doc.status === 'draft';
  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: ['documents', direction] });

  // opening a received document marks it read, once
  const isReadSent = useRef(false);
  const isToMarkRead = isReceived && !isWriter && doc.readAt === null;
  useEffect(() => {
    if (!isToMarkRead || isReadSent.current) return;
    isReadSent.current = true;
    markRead(doc.id).then(
      () => queryClient.invalidateQueries({ queryKey: ['documents', 'received'] }),
      () => undefined,
    );
  }, [isToMarkRead, doc.id, queryClient]);

  const confirmed = (title: string, content: string, okText: string) =>
    notify.confirm({ title, content, okText, cancelText: '取消' });

  const onSend = async (): Promise<void> => {
    const content = isReceived
      ? formatMessage(MSG.documentSendTo, { title: doc.title, company: doc.companyName })
      : formatMessage(MSG.documentSendConfirm, { title: doc.title });
    if (!(await confirmed(`发送${noun}`, content, '发送'))) return;
    await run('send', async () => {
      await sendDocument(direction, doc);
      await refresh();
    });
  };

  const onDelete = async (): Promise<void> => {
    const content = formatMessage(MSG.documentDeleteConfirm, { title: doc.title });
    if (!(await confirmed(`删除${noun}`, content, '删除'))) return;
    await run('delete', async () => {
      await deleteDocument(direction, doc);
      await refresh();
      void navigate(documentPath(direction, 'list'), { replace: true });
    });
  };

  const onAcknowledge = async (): Promise<void> => {
    const content = formatMessage(MSG.documentAcknowledgeConfirm, { title: doc.title });
    if (!(await confirmed('确认收文', content, '确认收文'))) return;
    await run('acknowledge', async () => {
      await acknowledgeDocument(doc.id);
      await refresh();
    });
  };

  const onReceive = (): Promise<void> =>
    run('receive', async () => {
      await markExchangeReceived(doc.id);
      await refresh();
    });

  const actions = (
    <Space wrap>
      {isWriter && isDraft && (
        <>
          {doc.signedFileId === null && (
            <Button onClick={() => void navigate(documentPath(direction, 'edit', doc.id))}>编辑</Button>
          )}
          <Button danger loading={busy === 'delete'} disabled={busy !== null} onClick={() => void onDelete()}>
            删除
          </Button>
          <Button
            type="primary"
            loading={busy === 'send'}
            disabled={busy !== null}
            onClick={() => void onSend()}
          >
            发送
          </Button>
        </>
      )}
      {isReceived && !isWriter && doc.acknowledgedAt === null && (
        <Button type="primary" loading={busy === 'acknowledge'} onClick={() => void onAcknowledge()}>
          确认收文
        </Button>
      )}
      {!isReceived && isExchange && doc.exchangeReceivedAt === null && (
        <Button type="primary" loading={busy === 'receive'} onClick={() => void onReceive()}>
          确认已收
        </Button>
      )}
      <CloseButton to={documentPath(direction, 'list')} />
    </Space>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={doc.title} extra={actions}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={2} styles={{ label: { width: 130 } }}>
            <Descriptions.Item label="文号">{doc.docNumber === '' ? '—' : doc.docNumber}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={stateColor(doc.stateLabel)}>{doc.stateLabel}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="发文单位">{doc.sender}</Descriptions.Item>
            <Descriptions.Item label={isReceived ? '收文单位' : '所属单位'}>
              {doc.companyName}
            </Descriptions.Item>
            <Descriptions.Item label="发文日期">{doc.sentOn}</Descriptions.Item>
            <Descriptions.Item label="发送时间">{timeOf(doc.sentAt)}</Descriptions.Item>
            {isReceived ? (
              <>
                <Descriptions.Item label="阅读时间">{timeOf(doc.readAt)}</Descriptions.Item>
                <Descriptions.Item label="确认收文">
                  {timeOf(doc.acknowledgedAt, doc.acknowledgedByName)}
                </Descriptions.Item>
              </>
            ) : (
              <>
                <Descriptions.Item label="签章时间">{timeOf(doc.signedAt)}</Descriptions.Item>
                <Descriptions.Item label="交易所收文">
                  {timeOf(doc.exchangeReceivedAt, doc.exchangeReceivedByName)}
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
          <div>
            <Typography.Title level={5}>正文</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{doc.body}</Typography.Paragraph>
          </div>
          <div>
            <Typography.Title level={5}>附件</Typography.Title>
            {doc.files.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无附件" />
            ) : (
              doc.files.map((file) => <FileRow key={file.uuid} item={file} />)
            )}
          </div>
        </Space>
      </Card>
      {doc.signedFileId !== null && (
        <Card title="电子签章件">
          <LetterViewer
            file={{ uuid: doc.signedFileId, name: `${doc.title}（已签章）.pdf` }}
            title={doc.title}
          />
        </Card>
      )}
      {!isReceived && isWriter && isDraft && doc.signedFileId === null && <DocumentSignCard doc={doc} />}
    </Space>
  );
}
