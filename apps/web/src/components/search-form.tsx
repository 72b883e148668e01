// The pieces of the list pages: 查询 and 重置 at the end of an inline search form, the project filters (keyword,
// family) that the project list and the task centre share, and the table props of a paged list.
import { Button, Form, Input, Select, Space } from 'antd';
import type { TableProps } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import type { PageResult } from '@cqjy/domain/api';
import { formatThousands } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { FAMILIES } from '@cqjy/domain/workflow/families';

const FAMILY_OPTIONS = Object.entries(FAMILIES).map(([value, def]) => ({ value, label: def.title }));

/** 查询 submits the form; 重置 calls `onReset`, which clears the fields and the query. */
export function SearchActions({ onReset }: { onReset: () => void }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
        <Button onClick={onReset}>重置</Button>
      </Space>
    </Form.Item>
  );
}

/** 关键字 (project name or code) and 项目类别 (the registry's families), under the names keyword and family. */
export function ProjectFilterFields() {
  return (
    <>
      <Form.Item name="keyword" label="关键字">
        <Input allowClear placeholder="项目名称或编号" style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="family" label="项目类别">
        <Select allowClear placeholder="全部" options={FAMILY_OPTIONS} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}

/**
 * What every paged list's table shares: its loading state, its empty text, a sideways scroll below 1000 px
 * rather than squeezed columns, and the pagination of the query (the total shown as n+ when the count stopped).
 */
export function pagedTableProps<Q extends { page: number; size: number }>(
  query: Q,
  setQuery: Dispatch<SetStateAction<Q>>,
  list: { data?: PageResult<unknown> | undefined; isFetching: boolean },
): Pick<TableProps<never>, 'size' | 'loading' | 'locale' | 'scroll' | 'pagination'> {
  const { data } = list;
  return {
    size: 'middle',
    loading: list.isFetching,
    locale: { emptyText: MSG.noDataYet },
    scroll: { x: 1000 },
    pagination: {
      current: query.page,
      pageSize: query.size,
      total: data?.total ?? 0,
      showSizeChanger: true,
      showTotal: (total) =>
        data?.isTotalCapped === true ? `共 ${formatThousands(total)}+ 条` : `共 ${total} 条`,
      onChange: (page, size) => setQuery((current) => ({ ...current, page, size })),
    },
  };
}
