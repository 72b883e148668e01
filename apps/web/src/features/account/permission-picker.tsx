// 权限 of the account forms and pages: the company's permission tree (the domain's operatorPermissionTree, so the
// entries carry the menu's names) as rows of check boxes — the top-level pages together under 基本功能, then one row
// per menu group with a box that ticks the whole group. The value is the ticked entries' codes; a group's own code
// and 首页 (shown ticked, fixed) are the server's to add. The read-only summary shows the same rows as tags.
import { Checkbox, Empty, Space, Tag } from 'antd';
import type { PermissionNode } from '@cqjy/domain/operators';

type PermissionRow = { key: string; title: string; isGroup: boolean; entries: PermissionNode[] };

function listLeaves(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes.flatMap((node) => (node.children === undefined ? [node] : listLeaves(node.children)));
}

/** The tree as rows: the top-level entries first (基本功能), then each group with every entry under it. */
export function toPermissionRows(tree: readonly PermissionNode[]): PermissionRow[] {
  const loose = tree.filter((node) => node.children === undefined);
  const rows: PermissionRow[] = [];
  if (loose.length > 0) rows.push({ key: 'basic', title: '基本功能', isGroup: false, entries: loose });
  for (const node of tree) {
    if (node.children !== undefined) {
      rows.push({ key: node.key, title: node.title, isGroup: true, entries: listLeaves(node.children) });
    }
  }
  return rows;
}

const rowStyle: React.CSSProperties = {
  display: 'flex',
  gap: 16,
  padding: '8px 12px',
  borderBottom: '1px solid #f0f0f0',
};
const labelStyle: React.CSSProperties = { flex: '0 0 140px', fontWeight: 500 };

export type PermissionPickerProps = {
  tree: readonly PermissionNode[];
  /** the ticked entries' codes */
  value?: string[];
  onChange?: (codes: string[]) => void;
  /** entries that may not be changed (the caller does not hold them); disabled whole when true */
  locked?: ReadonlySet<string> | true;
  id?: string;
};

export function PermissionPicker({ tree, value = [], onChange, locked, id }: PermissionPickerProps) {
  const ticked: ReadonlySet<string> = new Set(value);
  const isLocked = (node: PermissionNode): boolean =>
    node.isFixed === true || node.code === null || locked === true || (locked?.has(node.code) ?? false);
  const emit = (next: ReadonlySet<string>): void => {
    // in the tree's order, so the value does not depend on the order of the clicks
    onChange?.(
      listLeaves(tree).flatMap((node) => (node.code !== null && next.has(node.code) ? [node.code] : [])),
    );
  };
  const toggle = (codes: string[], isOn: boolean): void => {
    const next = new Set(ticked);
    for (const code of codes) {
      if (isOn) next.add(code);
      else next.delete(code);
    }
    emit(next);
  };

  return (
    <div id={id} role="group" aria-label="权限" style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}>
      {toPermissionRows(tree).map((row) => {
        const open = row.entries.filter((node) => !isLocked(node)).map((node) => node.code ?? '');
        const held = row.entries.filter((node) => node.code !== null && ticked.has(node.code));
        const isAll = row.entries.every(
          (node) => node.isFixed === true || (node.code !== null && ticked.has(node.code)),
        );
        return (
          <div key={row.key} style={rowStyle}>
            <div style={labelStyle}>
              {row.isGroup ? (
                <Checkbox
                  checked={isAll}
                  indeterminate={!isAll && held.length > 0}
                  disabled={open.length === 0}
                  onChange={(event) => toggle(open, event.target.checked)}
                >
                  {row.title}
                </Checkbox>
              ) : (
                row.title
              )}
            </div>
            <Space wrap size={[16, 8]} style={{ flex: 1 }}>
              {row.entries.map((node) => (
                <Checkbox
                  key={node.key}
                  checked={node.isFixed === true || (node.code !== null && ticked.has(node.code))}
                  disabled={isLocked(node)}
                  onChange={(event) => toggle([node.code ?? ''], event.target.checked)}
                >
                  {node.title}
                </Checkbox>
              ))}
            </Space>
          </div>
        );
      })}
    </div>
  );
}

/** The entries `codes` holds, by menu row, as tags; rows holding nothing are left out. */
export function PermissionSummary({
  tree,
  codes,
}: {
  tree: readonly PermissionNode[];
  codes: readonly string[];
}) {
  const held: ReadonlySet<string> = new Set(codes);
  const rows = toPermissionRows(tree)
    .map((row) => ({
      ...row,
      entries: row.entries.filter((node) => node.code !== null && held.has(node.code)),
    }))
    .filter((row) => row.entries.length > 0);
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无权限" />;
  return (
    <div style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}>
      {rows.map((row) => (
        <div key={row.key} style={rowStyle}>
          <div style={labelStyle}>{row.title}</div>
          <Space wrap size={[4, 8]} style={{ flex: 1 }}>
            {row.entries.map((node) => (
              <Tag key={node.key} color="blue">
                {node.title}
              </Tag>
            ))}
          </Space>
        </div>
      ))}
    </div>
  );
}
