// A project's form read only, drawn from its kind's field groups: one bordered list per group with the visible
// fields' values as the view shows them (money in yuan, shares as percentages, dictionary keys by their labels),
// a list field as a table, and the project's files under each file field.
import { Descriptions, Space, Table } from 'antd';
import type { AttachmentItem } from '@cqjy/domain/api';
import { isFieldVisible, showFieldValue } from '@cqjy/domain/projects/kinds/fields';
import type { FieldDef, ProjectFormBase } from '@cqjy/domain/projects/kinds/fields';
import type { ProjectKind } from '@cqjy/domain/projects/kinds/kind';
import { FileRow } from '../../components/index.ts';
import { useDictLabels, type DictLabel } from './use-dict-labels.ts';

const NONE = '—';

function ListValue({ field, value, dictLabel }: { field: FieldDef; value: unknown; dictLabel: DictLabel }) {
  const rows = Array.isArray(value)
    ? value.filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
    : [];
  if (rows.length === 0) return <>{NONE}</>;
  return (
    <Table<Record<string, unknown>>
      rowKey={(_row, index) => String(index)}
      size="small"
      pagination={false}
      dataSource={rows}
      columns={(field.fields ?? []).map((cell) => ({
        key: cell.name,
        title: cell.label,
        render: (_: unknown, row: Record<string, unknown>) =>
          showFieldValue(cell, row[cell.name], dictLabel) || NONE,
      }))}
    />
  );
}

export type ProjectFactsViewProps = {
  kind: ProjectKind;
  form: ProjectFormBase;
  /** the name of the member company the project is entrusted to */
  agentName: string | null;
  /** the project's files by tag */
  attachments: Readonly<Record<string, AttachmentItem[]>>;
};

export function ProjectFactsView({ kind, form, agentName, attachments }: ProjectFactsViewProps) {
  const dictLabel = useDictLabels(kind.fields);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%', marginTop: 16 }}>
      {kind.groups.map((group) => {
        const fields = group.fields.filter((field) => field.name !== 'name' && isFieldVisible(field, form));
        if (fields.length === 0) return null;
        return (
          <Descriptions key={group.key} title={group.title} bordered size="small" column={2}>
            {fields.map((field) => (
              <Descriptions.Item
                key={field.name}
                label={field.label}
                span={field.isWide === true || field.kind === 'file' ? 2 : 1}
              >
                {field.kind === 'list' ? (
                  <ListValue field={field} value={form[field.name]} dictLabel={dictLabel} />
                ) : field.kind === 'member' ? (
                  (agentName ?? NONE)
                ) : field.kind === 'file' ? (
                  (attachments[field.tag ?? field.name] ?? []).map((file) => (
                    <FileRow key={file.uuid} item={file} />
                  ))
                ) : (
                  <span style={{ whiteSpace: 'pre-wrap' }}>
                    {showFieldValue(field, form[field.name], dictLabel) || NONE}
                  </span>
                )}
              </Descriptions.Item>
            ))}
          </Descriptions>
        );
      })}
    </Space>
  );
}
