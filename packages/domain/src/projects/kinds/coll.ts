// The coll family (抵质押资产, business type 7): pledged and mortgaged physical assets, which mirror bulk (spec 001
// section 2: "Collection group mirrors bulk"): the same form, asset lists, participants, announcement and rules.
import { PHYSICAL_DEFINITION } from './bulk.ts';
import { defineKind } from './kind.ts';

export const COLL_KIND = defineKind({ ...PHYSICAL_DEFINITION, family: 'coll', businessType: '7' });
