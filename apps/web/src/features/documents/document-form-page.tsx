// The writer's form of a document (新增收文 receivedAdd, 编辑收文 receivedEdit?id=, 新增发文 sendingAdd, 编辑发文
// sendingEdit?id=): the exchange picks the company a received document goes to (typing narrows the companies) and
// may name the sender (the exchange's name when left blank); both write the title, 文号, 发文日期 (today unless
// changed), the body and its attachments. Every field is checked with the domain's rule, whose message is the
// server's. 保存 keeps the draft (an edit with the version it was loaded at) and opens its page, where it is sent
// (and a company's e-signed). A sent or signed document is not edited.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Form, Input, Result, Select, Space, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import type { AttachmentItem } from '@cqjy/domain/api';
import {
  DOCUMENT_BODY_MAX,
  DOCUMENT_DATA_CLASS,
  DOCUMENT_FILE_TAG,
  DOCUMENT_NUMBER_MAX,
  DOCUMENT_SENDER_MAX,
  DOCUMENT_TITLE_MAX,
  ZReceivedForm,
} from '@cqjy/domain/documents';
import type { DocumentDetail, DocumentDirection } from '@cqjy/domain/documents';
import { formatDate } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { countChars } from '@cqjy/domain/validation/return-reason';
import { readQueryId } from '../../lib/query-id.ts';
import { CloseButton, DayPicker, FileUpload, PageLoading, PageNotFound } from '../../components/index.ts';
import { documentQuery, receiversQuery, saveDocument, updateDocument } from './api.ts';
import type { DocumentBody } from './api.ts';
import { documentPath, useDocumentPage } from './use-document-page.ts';

type FormValues = {
  companyId?: number;
  title?: string;
  docNumber?: string;
  sender?: string;
  sentOn?: string;
  body?: string;
};

type Checked = { success: true } | { success: false; error: { issues: readonly { message: string }[] } };

/** The field's own rule: the domain's schema of that field, so its message is the server's. */
function fieldRule(schema: { safeParse: (value: unknown) => Checked }): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const checked = schema.safeParse(value ?? '');
      return checked.success
        ? Promise.resolve()
        : Promise.reject(new Error(checked.error.issues[0]?.message ?? MSG.badRequest));
    },
  };
}

const FIELDS = ZReceivedForm.shape;

export function DocumentFormPage() {
  const page = useDocumentPage();
  const [params] = useSearchParams();
  const rawId = params.get('id');
  const id = readQueryId(rawId);
  const isNew = page.routeName.endsWith('Add');
  const doc = useQuery({ ...documentQuery(page.direction, id ?? 0), enabled: !isNew && id !== null });

  if (!page.isWriter) return <Result status="warning" title={MSG.forbidden} extra={<CloseButton />} />;
  if (isNew) return <DocumentEditor key={page.direction} direction={page.direction} doc={null} />;
  if (id === null || doc.isError) {
    return <PageNotFound />;
  }
  if (doc.data === undefined) {
    return <PageLoading />;
  }
  if (doc.data.status !== 'draft' || doc.data.signedFileId !== null) {
    const message = doc.data.status !== 'draft' ? MSG.documentNotDraft : MSG.documentSignedLocked;
    return <Result status="info" title={message} extra={<CloseButton />} />;
  }
  // keyed by the loaded version, so a reload after someone else's change starts from the server's copy
  return (
    <DocumentEditor key={`${doc.data.id}-${doc.data.version}`} direction={page.direction} doc={doc.data} />
  );
}

/** The exchange's picker of the receiving company: typing asks the server for the companies that match. */
function CompanyPicker({
  id,
  value,
  onChange,
  current,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  current: { id: number; name: string } | null;
}) {
  const [keyword, setKeyword] = useState('');
  const companies = useQuery(receiversQuery(keyword));
  const found = companies.data ?? [];
  const options = [
    ...(current !== null && !found.some((company) => company.id === current.id) ? [current] : []),
    ...found,
  ].map((company) => ({ value: company.id, label: company.name, title: company.name }));
  return (
    <Select<number>
      id={id}
      aria-label="收文单位"
      value={value}
      onChange={(picked) => onChange?.(picked)}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={companies.isFetching}
      placeholder="输入单位名称或统一社会信用代码查找"
      options={options}
      notFoundContent={companies.isFetching ? <Spin size="small" /> : MSG.noDataYet}
      style={{ maxWidth: 480 }}
    />
  );
}

function DocumentEditor({ direction, doc }: { direction: DocumentDirection; doc: DocumentDetail | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [createId] = useState(() => crypto.randomUUID());
  const [files, setFiles] = useState<AttachmentItem[]>(doc?.files ?? []);
  const [isSaving, setIsSaving] = useState(false);
  const [isDirty, setIsDirty] = useState(false);
  const isReceived = direction === 'received';
  const noun = isReceived ? '收文' : '发文';

  const onSave = async (values: FormValues): Promise<void> => {
    const body: DocumentBody = {
      title: values.title?.trim() ?? '',
      docNumber: values.docNumber?.trim() ?? '',
      sentOn: values.sentOn ?? '',
      body: values.body?.trim() ?? '',
      ...(isReceived ? { companyId: values.companyId ?? 0, sender: values.sender?.trim() ?? '' } : {}),
    };
    setIsSaving(true);
    try {
      const saved =
        doc === null
          ? await saveDocument(direction, { ...body, createId })
          : await updateDocument(direction, doc, body);
      setIsDirty(false);
      // the lists read again in the background: the page moved to does not wait for them
      void queryClient.invalidateQueries({ queryKey: ['documents', direction] });
      void navigate(documentPath(direction, 'show', saved.id), { replace: true });
    } catch {
      // the HTTP client has told the user
    } finally {
      setIsSaving(false);
    }
  };

  const initialValues: FormValues =
    doc === null
      ? { sentOn: formatDate(new Date()), docNumber: '', sender: '' }
      : {
          companyId: doc.companyId,
          title: doc.title,
          docNumber: doc.docNumber,
          sender: doc.sender,
          sentOn: doc.sentOn,
          body: doc.body,
        };

  return (
    <Card
      title={doc === null ? `新增${noun}` : `编辑${noun}：${doc.title}`}
      extra={<CloseButton isDirty={isDirty} to={documentPath(direction, 'list')} />}
    >
      <Form<FormValues>
        form={form}
        name={`document-${direction}`}
        layout="horizontal"
        labelWrap
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 1 }}
        style={{ maxWidth: 900 }}
        initialValues={initialValues}
        onValuesChange={() => setIsDirty(true)}
        onFinish={(values) => void onSave(values)}
      >
        {isReceived && (
          <Form.Item
            name="companyId"
            label="收文单位"
            required
            rules={[{ required: true, message: MSG.documentCompanyRequired }]}
          >
            <CompanyPicker current={doc === null ? null : { id: doc.companyId, name: doc.companyName }} />
          </Form.Item>
        )}
        <Form.Item name="title" label="标题" required rules={[fieldRule(FIELDS.title)]}>
          <Input maxLength={DOCUMENT_TITLE_MAX} showCount placeholder="请填写标题" />
        </Form.Item>
        <Form.Item name="docNumber" label="文号" rules={[fieldRule(FIELDS.docNumber)]}>
          <Input maxLength={DOCUMENT_NUMBER_MAX} placeholder="如：京示范函〔2026〕8号，没有可不填" />
        </Form.Item>
        {isReceived && (
          <Form.Item
            name="sender"
            label="发文单位"
            extra="不填写时为交易所名称"
            rules={[fieldRule(FIELDS.sender)]}
          >
            <Input maxLength={DOCUMENT_SENDER_MAX} placeholder="交易所名称" />
          </Form.Item>
        )}
        <Form.Item name="sentOn" label="发文日期" required rules={[fieldRule(FIELDS.sentOn)]}>
          <DayPicker aria-label="发文日期" />
        </Form.Item>
        <Form.Item name="body" label="正文" required rules={[fieldRule(FIELDS.body)]}>
          <Input.TextArea
            rows={10}
            placeholder="请填写正文"
            count={{ show: true, max: DOCUMENT_BODY_MAX, strategy: countChars }}
          />
        </Form.Item>
        <Form.Item label="附件">
          <FileUpload
            tag={DOCUMENT_FILE_TAG}
            dataClass={DOCUMENT_DATA_CLASS}
            {...(doc === null ? { createId } : { dataId: String(doc.id) })}
            value={files}
            onChange={setFiles}
          />
        </Form.Item>
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={isSaving}>
              保存
            </Button>
            <CloseButton isDirty={isDirty} to={documentPath(direction, 'list')} />
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
