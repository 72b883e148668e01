// The dictionaries tab: on the left every dictionary (searched by name or code) with its entry count, on the right
// the chosen one's entries, retired ones included (key, name, parent, order, status, remark), searched by keyword.
// 新增 and 编辑 open the entry dialog; 停用 asks first (the forms stop offering the entry, saved records keep it),
// 启用 brings it back. A dictionary naming rule parameters (信息披露期下限) says so and offers neither 新增 nor 停用.
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Empty, Input, Menu, Row, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DICT_STATUS, DICT_STATUS_LABELS } from '@cqjy/domain/dictionary-admin';
import type { DictDataRow, DictTypeRow } from '@cqjy/domain/dictionary-admin';
import { formatMessage } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../../lib/notify.ts';
import { dictDataQuery, dictTypesQuery, refreshDictionaries, updateEntry } from './api.ts';
import { EntryDialog } from './entry-dialog.tsx';

type Editing = { mode: 'add' } | { mode: 'edit'; row: DictDataRow } | null;

/** Whether a dictionary matches the search text, by its name or code. */
function matchesType(type: DictTypeRow, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return (
    needle === '' || type.name.toLowerCase().includes(needle) || type.code.toLowerCase().includes(needle)
  );
}

export function DictionaryDataTab() {
  const queryClient = useQueryClient();
  const types = useQuery(dictTypesQuery());
  const [typeSearch, setTypeSearch] = useState('');
  const [chosen, setChosen] = useState('');
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>(null);

  const shownTypes = useMemo(
    () => (types.data ?? []).filter((type) => matchesType(type, typeSearch)),
    [types.data, typeSearch],
  );
  // the first dictionary until one is chosen
  const code = chosen !== '' ? chosen : (types.data?.[0]?.code ?? '');
  const type = types.data?.find((item) => item.code === code);
  const entries = useQuery(dictDataQuery(code, keyword));

  const onChoose = (next: string): void => {
    setChosen(next);
    setKeyword('');
  };

  const onToggle = async (row: DictDataRow): Promise<void> => {
    const isRetiring = row.status === DICT_STATUS.active;
    if (isRetiring) {
      const isConfirmed = await notify.confirm({
        title: '停用字典条目',
        content: formatMessage(MSG.dictRetireConfirm, { label: row.label }),
        okText: '停用',
        cancelText: '取消',
      });
      if (!isConfirmed) return;
    }
    try {
      const status = isRetiring ? DICT_STATUS.retired : DICT_STATUS.active;
      await updateEntry(row.id, { label: row.label, sort: row.sort, status, remark: row.remark ?? '' }, true);
      notify.success(isRetiring ? MSG.dictDisabled : MSG.dictEnabled);
      refreshDictionaries(queryClient);
    } catch {
      // the HTTP client has told the user
    }
  };

  const columns: TableColumnsType<DictDataRow> = [
    { title: '键值', dataIndex: 'key', key: 'key', width: 130 },
    { title: '名称', dataIndex: 'label', key: 'label', ellipsis: true },
    {
      title: '上级',
      key: 'parent',
      width: 220,
      ellipsis: true,
      render: (_, row) =>
        row.parentKey === null
          ? '—'
          : `${row.parentLabel === '' ? '' : `${row.parentLabel} `}(${row.parentKey})`,
    },
    { title: '排序', dataIndex: 'sort', key: 'sort', width: 70, align: 'right' },
    {
      title: '状态',
      key: 'status',
      width: 80,
      render: (_, row) => (
        <Tag color={row.status === DICT_STATUS.active ? 'green' : 'default'}>
          {DICT_STATUS_LABELS[row.status] ?? String(row.status)}
        </Tag>
      ),
    },
    {
      title: '备注',
      dataIndex: 'remark',
      key: 'remark',
      ellipsis: true,
      render: (remark: string | null) => remark ?? '',
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row })}>
            编辑
          </Button>
          {!(type?.isRuleBacked === true && row.status === DICT_STATUS.active) && (
            <Button
              type="link"
              size="small"
              danger={row.status === DICT_STATUS.active}
              onClick={() => void onToggle(row)}
            >
              {row.status === DICT_STATUS.active ? '停用' : '启用'}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="260px">
        <Input.Search
          allowClear
          placeholder="字典名称或编码"
          aria-label="搜索字典"
          onChange={(event) => setTypeSearch(event.target.value)}
          onSearch={setTypeSearch}
          style={{ marginBottom: 8 }}
        />
        <div style={{ maxHeight: 560, overflowY: 'auto', border: '1px solid #f0f0f0', borderRadius: 6 }}>
          {shownTypes.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.noDataYet} />
          ) : (
            <Menu
              mode="inline"
              selectedKeys={[code]}
              onClick={({ key }) => onChoose(key)}
              style={{ borderInlineEnd: 'none' }}
              items={shownTypes.map((item) => ({
                key: item.code,
                label: (
                  <span
                    style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}
                  >
                    <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }} title={item.name}>
                      {item.name}
                    </span>
                    <Typography.Text type="secondary">{item.itemCount}</Typography.Text>
                  </span>
                ),
              }))}
            />
          )}
        </div>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {type !== undefined && (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <Space>
                <Typography.Text strong>{type.name}</Typography.Text>
                <Typography.Text type="secondary">{type.code}</Typography.Text>
                <Typography.Text type="secondary">
                  共{type.itemCount}项，启用{type.activeCount}项
                </Typography.Text>
              </Space>
              <Space>
                <Input.Search
                  key={code}
                  allowClear
                  placeholder="键值、名称或备注"
                  aria-label="搜索字典数据"
                  onSearch={(value) => setKeyword(value.trim())}
                  style={{ width: 240 }}
                />
                {!type.isRuleBacked && (
                  <Button type="primary" onClick={() => setEditing({ mode: 'add' })}>
                    新增
                  </Button>
                )}
              </Space>
            </Space>
            {type.isRuleBacked && <Alert type="info" showIcon title={MSG.dictRuleBackedNote} />}
            <Table<DictDataRow>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={entries.data ?? []}
              loading={entries.isFetching}
              locale={{ emptyText: MSG.noDataYet }}
              pagination={{
                defaultPageSize: 10,
                showSizeChanger: true,
                showTotal: (total) => `共 ${total} 条`,
              }}
              scroll={{ x: 800 }}
            />
          </Space>
        )}
      </Col>
      {editing !== null && type !== undefined && (
        <EntryDialog
          type={type}
          row={editing.mode === 'edit' ? editing.row : null}
          siblings={entries.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refreshDictionaries(queryClient);
          }}
        />
      )}
    </Row>
  );
}
