// The families whose projects can be created (the project-kind registry's keys, kinds/index.ts), apart from the
// kinds themselves: the menus and the route checks ask whether a family has projects, and with the kinds they
// would load every kind's form and the workflow's actions into the shell's first page.
export const PROJECT_FAMILIES = [
  'bulk',
  'coll',
  'stock',
  'privateStock',
  'cap',
  'capOpen',
  'small',
  'motorVehicle',
  'unified',
] as const;

export type ProjectFamily = (typeof PROJECT_FAMILIES)[number];

export function isProjectFamily(family: string): family is ProjectFamily {
  return (PROJECT_FAMILIES as readonly string[]).includes(family);
}
