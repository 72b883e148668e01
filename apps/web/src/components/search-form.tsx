// The pieces of the list pages' search forms: 查询 and 重置 at the end of an inline form, and the project filters
// (keyword, family) that the project list and the task centre share.
import { Button, Form, Input, Select, Space } from 'antd';
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
