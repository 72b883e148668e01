// The project-kind registry: one kind file per family whose projects can be created so far. The server registers
// its project calls, sheets and announcement for each kind and the web draws its form and view from them; a family
// without a kind here has its workflow screens but no project form yet.
import { FAMILY_TITLES } from '../../workflow/families.ts';
import { BULK_KIND } from './bulk.ts';
import { CAP_KIND, CAP_OPEN_KIND } from './capital-increase.ts';
import { COLL_KIND } from './coll.ts';
import type { ProjectFormBase } from './fields.ts';
import type { ProjectKind } from './kind.ts';
import { isProjectFamily, PROJECT_FAMILIES, type ProjectFamily } from './names.ts';
import { MOTOR_VEHICLE_KIND } from './motor-vehicle.ts';
import { PRIVATE_STOCK_KIND } from './private-stock.ts';
import { SMALL_KIND } from './small.ts';
import { STOCK_KIND } from './stock.ts';
import { UNIFIED_KIND } from './unified.ts';

export const PROJECT_KINDS = {
  bulk: BULK_KIND,
  coll: COLL_KIND,
  stock: STOCK_KIND,
  privateStock: PRIVATE_STOCK_KIND,
  cap: CAP_KIND,
  capOpen: CAP_OPEN_KIND,
  small: SMALL_KIND,
  motorVehicle: MOTOR_VEHICLE_KIND,
  unified: UNIFIED_KIND,
} as const satisfies Record<ProjectFamily, ProjectKind>;

export { isProjectFamily, PROJECT_FAMILIES, type ProjectFamily };

/**
 * The choices of a project-family filter (我的项目, the task centre, 综合查询): the families whose projects can
 * exist, by the name each is created under (产权转让 is stock, 私募股权转让 privateStock), in the registry's order. A
 * family without a kind has no project to find, so it is no choice.
 */
export const PROJECT_FAMILY_OPTIONS: readonly { value: ProjectFamily; label: string }[] =
  PROJECT_FAMILIES.map((family) => ({ value: family, label: FAMILY_TITLES[family] }));

/** The kind of a family, or undefined when its projects have no form yet. */
export function findProjectKind(family: string): ProjectKind | undefined {
  return isProjectFamily(family) ? PROJECT_KINDS[family] : undefined;
}

/** Whether a family's projects have the section (its asset list, its shareholder structure ...). */
export function hasSection(family: string, section: ProjectKind['sections'][number]): boolean {
  return findProjectKind(family)?.sections.includes(section) ?? false;
}

/** A project's form as its kind parses it from the stored details (a discriminated union, by family). */
export function readProjectForm(project: {
  family: string;
  name: string;
  details: Readonly<Record<string, unknown>>;
}): ProjectFormBase {
  return findProjectKind(project.family)?.readStored(project.details, project.name) ?? { name: project.name };
}
