// 我的关注 (/index/watchList): the listings of the public disclosure site the user watches, and its saved searches.
// The public pages link here: 关注项目 with ?code= (the user confirms, with or without SMS), 保存此搜索 with ?save=
// (the filters as a query string; the user names the search). A watched listing's change and a new listing matching
// a saved search reach the user as notifications that open this page.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Empty, Form, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SavedSearch, WatchedListing } from '@cqjy/domain/contracts/public-site';
import { formatDate, formatDateTime } from '@cqjy/domain/format';
import {
  deleteSearch,
  saveSearch,
  savedSearchesQuery,
  unwatchListing,
  watchesQuery,
  watchListing,
  WATCHES_KEY,
} from './api.ts';

const WATCH_PATH = '/index/watchList';

/** The public page of a listing: outside the portal's hash routes. */
const listingHref = (code: string) => `/listings/${encodeURIComponent(code)}`;

function WatchPrompt({ code, onDone }: { code: string; onDone: () => void }) {
  const [sms, setSms] = useState(false);
  const queryClient = useQueryClient();
  const watch = useMutation({
    mutationFn: () => watchListing({ code, sms }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: WATCHES_KEY });
      onDone();
    },
  });
  return (
    <Card title="关注挂牌项目" size="small">
      <p>
        关注项目 <a href={listingHref(code)}>{code}</a>
        后，项目变更、中止、终结或披露截止日期调整时将通过消息提醒通知您。
      </p>
      <Space wrap>
        <Checkbox checked={sms} onChange={(event) => setSms(event.target.checked)}>
          同时发送短信到我的手机
        </Checkbox>
        <Button type="primary" loading={watch.isPending} onClick={() => watch.mutate()}>
          关注
        </Button>
        <Button onClick={onDone}>取消</Button>
      </Space>
    </Card>
  );
}

function SavePrompt({ search, onDone }: { search: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const query = Object.fromEntries(new URLSearchParams(search));
  const save = useMutation({
    mutationFn: (values: { name: string; sms?: boolean }) =>
      saveSearch({ name: values.name, query, sms: values.sms === true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: WATCHES_KEY });
      onDone();
    },
  });
  return (
    <Card title="保存搜索条件" size="small">
      <p>
        有新的挂牌项目符合 <a href={`/listings?${search}`}>这些条件</a> 时，将通过消息提醒通知您。
      </p>
      <Form layout="inline" onFinish={(values: { name: string; sms?: boolean }) => save.mutate(values)}>
        <Form.Item name="name" label="搜索名称" rules={[{ required: true, message: '请填写搜索名称' }]}>
          <Input maxLength={30} placeholder="如：北京产权转让" />
        </Form.Item>
        <Form.Item name="sms" valuePropName="checked">
          <Checkbox>同时发送短信</Checkbox>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button onClick={onDone}>取消</Button>
        </Space>
      </Form>
    </Card>
  );
}

export function WatchesPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const watches = useQuery(watchesQuery());
  const searches = useQuery(savedSearchesQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: WATCHES_KEY });
  const unwatch = useMutation({ mutationFn: unwatchListing, onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteSearch, onSuccess: refresh });
  const code = params.get('code');
  const save = params.get('save');
  const done = () => void navigate(WATCH_PATH, { replace: true });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {code !== null && code !== '' ? <WatchPrompt code={code} onDone={done} /> : null}
      {save !== null && save !== '' ? <SavePrompt search={save} onDone={done} /> : null}
      <Card
        title="我关注的挂牌项目"
        size="small"
        extra={
          <a href="/listings" target="_blank" rel="noreferrer">
            浏览挂牌项目
          </a>
        }
      >
        <Table<WatchedListing>
          rowKey="code"
          size="small"
          loading={watches.isLoading}
          dataSource={watches.data ?? []}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: <Empty description="尚未关注挂牌项目，可在挂牌项目页面点击“关注项目”" /> }}
          columns={[
            {
              title: '项目名称',
              key: 'name',
              render: (_value, row) => (
                <Space direction="vertical" size={0}>
                  <a href={listingHref(row.code)}>{row.name}</a>
                  <span style={{ color: '#666' }}>{row.code}</span>
                </Space>
              ),
            },
            {
              title: '状态',
              key: 'stage',
              width: 110,
              render: (_value, row) =>
                row.listing === null ? <Tag>已结束</Tag> : <Tag color="red">{row.listing.stageLabel}</Tag>,
            },
            {
              title: '披露截止',
              key: 'end',
              width: 120,
              render: (_value, row) =>
                row.listing?.disclosureEnd == null ? '—' : formatDate(row.listing.disclosureEnd),
            },
            { title: '短信通知', key: 'sms', width: 90, render: (_value, row) => (row.sms ? '是' : '否') },
            {
              title: '关注时间',
              key: 'at',
              width: 170,
              render: (_value, row) => formatDateTime(row.watchedAt),
            },
            {
              title: '操作',
              key: 'actions',
              width: 100,
              render: (_value, row) => (
                <Button type="link" size="small" onClick={() => unwatch.mutate(row.code)}>
                  取消关注
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card title="保存的搜索" size="small">
        {searches.isError ? <Alert type="error" message="保存的搜索加载失败，请刷新重试" /> : null}
        <Table<SavedSearch>
          rowKey="id"
          size="small"
          loading={searches.isLoading}
          dataSource={searches.data ?? []}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{ emptyText: <Empty description="尚未保存搜索，可在挂牌项目页面筛选后点击“保存此搜索”" /> }}
          columns={[
            { title: '名称', dataIndex: 'name', width: 180 },
            {
              title: '筛选条件',
              key: 'summary',
              render: (_value, row) => (
                <a href={`/listings?${new URLSearchParams(row.query).toString()}`}>{row.summary}</a>
              ),
            },
            { title: '短信通知', key: 'sms', width: 90, render: (_value, row) => (row.sms ? '是' : '否') },
            {
              title: '保存时间',
              key: 'at',
              width: 170,
              render: (_value, row) => formatDateTime(row.createdAt),
            },
            {
              title: '操作',
              key: 'actions',
              width: 80,
              render: (_value, row) => (
                <Popconfirm title="确定删除该搜索吗？" onConfirm={() => remove.mutate(row.id)}>
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
