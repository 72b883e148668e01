// The pieces of the list pages: 查询 and 重置 at the end of an inline search form, what 查询 does to the page's
// query, the project filters (keyword, family) that the project list and the task centre share, and the table
// props of a paged list.
import { hashKey } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space } from 'antd';
import type { TableProps } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import type { PageResult } from '@cqjy/domain/api';
import { formatMessage, formatThousands } from '@cqjy/domain/format';
import { MSG } from '@cqjy/domain/messages';
import { PROJECT_FAMILY_OPTIONS } from '@cqjy/domain/projects/kinds/index';

/**
 * 查询: the page's query becomes `next`. A changed query is fetched under its new key alone; the same query again is
 * asked again (others change the data meanwhile) through `refetch`. Never both: invalidating the list's queries
 * beside the change also refetched the query the page still showed (unfiltered, say) before it moved to the new
 * one, two requests for one 查询. Queries compare as their keys do (an absent filter and an undefined one alike).
 */
export function applySearch<Q>(
  current: Q,
  next: Q,
  setQuery: (query: Q) => void,
  refetch: () => unknown,
): void {
  if (hashKey([current]) === hashKey([next])) void refetch();
  else setQuery(next);
}

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

/**
 * 关键字 (project name or code) and 项目类别 under the names keyword and family: the families whose projects exist
 * (the project kinds), each by the name it is created under, so that every choice finds its projects.
 */
export function ProjectFilterFields() {
  return (
    <>
      <Form.Item name="keyword" label="关键字">
        <Input allowClear placeholder="项目名称或编号" style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="family" label="项目类别">
        <Select allowClear placeholder="全部" options={[...PROJECT_FAMILY_OPTIONS]} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}

/**
 * What every paged list's table shares: its loading state, its empty text and the pagination of the query (the
 * total shown as n+ when the count stopped). Its columns and sideways scroll are fitColumns' (table-columns.tsx).
 */
export function pagedTableProps<Q extends { page: number; size: number }>(
  query: Q,
  setQuery: Dispatch<SetStateAction<Q>>,
  list: { data?: PageResult<unknown> | undefined; isFetching: boolean },
): Pick<TableProps<never>, 'size' | 'loading' | 'locale' | 'pagination'> {
  const { data } = list;
  return {
    size: 'middle',
    loading: list.isFetching,
    locale: { emptyText: MSG.noDataYet },
    pagination: {
      current: query.page,
      pageSize: query.size,
      total: data?.total ?? 0,
      showSizeChanger: true,
      showTotal: (total) =>
        data?.isTotalEstimated === true
          ? formatMessage(MSG.listTotalEstimated, { total: formatThousands(total) })
          : data?.isTotalCapped === true
            ? `共 ${formatThousands(total)}+ 条`
            : `共 ${total} 条`,
      onChange: (page, size) => setQuery((current) => ({ ...current, page, size })),
    },
  };
}
