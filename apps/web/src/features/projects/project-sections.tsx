// The sections a project has beyond its form, as its kind lists them (projects/kinds: assets, shareholders,
// financials, participants, announcement, custom): its list sheets, a card per call group (资产清单 with a tab per
// category; 股权结构; 财务数据), and the family's own section where the kind says `custom`.
import type { ProjectKind } from '@cqjy/domain/projects/kinds/kind';
import { isProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { listSheetGroups } from '@cqjy/domain/projects/sheets';
import { SheetList } from './sheet-list.tsx';

export type ProjectSheetsProps = {
  kind: ProjectKind;
  projectId: number;
  /** the sheet the asset list opens on (the project's asset category) */
  initialKey?: string | undefined;
  isEditable: boolean;
};

export const sheetGroupTitles = (kind: ProjectKind): string[] =>
  listSheetGroups(kind.sheets).map((group) => group.title);

/** A card per sheet group of the kind. */
export function ProjectSheets({ kind, projectId, initialKey, isEditable }: ProjectSheetsProps) {
  if (!isProjectFamily(kind.family)) return null;
  const family = kind.family;
  return (
    <>
      {listSheetGroups(kind.sheets).map(({ group, sheets, title }) => {
        return (
          <SheetList
            key={group}
            family={family}
            projectId={projectId}
            title={title}
            sheets={sheets}
            initialKey={initialKey}
            isEditable={isEditable}
          />
        );
      })}
    </>
  );
}
