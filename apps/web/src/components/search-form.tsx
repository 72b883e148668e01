// The pieces of the list pages: 查询 and 重置 at the end of an inline search form, the project filters (keyword,
// family) that the project list and the task centre share, and the pagination of a paged table.
import { Button, Form, Input, Select, Space } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { PageResult } from '@cqjy/domain/api';
import { formatThousands } from '@cqjy/domain/format';
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

/** A paged table's pagination: the query's page and size, the total (shown as n+ when the count stopped). */
export function listPagination(
  query: { page: number; size: number },
  data: PageResult<unknown> | undefined,
  onChange: (page: number, size: number) => void,
): TablePaginationConfig {
  return {
    current: query.page,
    pageSize: query.size,
    total: data?.total ?? 0,
    showSizeChanger: true,
    showTotal: (total) =>
      data?.isTotalCapped === true ? `共 ${formatThousands(total)}+ 条` : `共 ${total} 条`,
    onChange,
  };
}
