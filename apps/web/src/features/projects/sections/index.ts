// The slot for a family's own project section (the kind's `custom` section): the component each family draws
// there. A family whose kind lists `custom` has an entry here, but for the families taking intention
// registrations: their own section (the equity families' recorded transferees) is part of the project's one buyer
// section (project-intentions-card.tsx, with intended-transferees.tsx), so the page tells one story of its buyers.
import type { ComponentType } from 'react';
import type { ProjectFamily } from '@cqjy/domain/projects/kinds/index';
import { InvestorsSection } from '../../investors/index.ts';
import { VehicleSection } from '../../vehicles/index.ts';
import type { ProjectSectionProps } from './section-props.ts';
import { SmallLotSection } from './small-lot.tsx';

export type { ProjectSectionProps };

export const CUSTOM_SECTIONS: Partial<Record<ProjectFamily, ComponentType<ProjectSectionProps>>> = {
  cap: InvestorsSection,
  capOpen: InvestorsSection,
  small: SmallLotSection,
  motorVehicle: VehicleSection,
};

/**
 * A family's own section that is filled while its project is a draft, so the project form shows it below the
 * form once saved (a disposal's vehicles are its application's substance).
 */
export const FORM_SECTIONS: Partial<Record<ProjectFamily, ComponentType<ProjectSectionProps>>> = {
  motorVehicle: VehicleSection,
};
