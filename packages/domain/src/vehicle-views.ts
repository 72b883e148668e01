// What the disposal's calls answer (机动车处置, issue 32): the disposal as its viewer sees it, each vehicle with its
// plate in full to the owner and the exchange only (carNumberPublish, the last four hidden, to everyone else: BF-5.6),
// the experts' opinions, the receivings, the parties the exchange may choose, the dismantler's licence.
import { z } from 'zod';
import { ZAttachmentItem } from './attachment-item.ts';
import { VEHICLE_LETTER_KINDS, VEHICLE_STATES } from './vehicle-disposal.ts';

// ---- what the calls answer --------------------------------------------------------------------------------

/** Who is looking at a disposal, and so what it shows and offers (the plate in full to the owner and exchange). */
export const DISPOSAL_ROLES = ['owner', 'exchange', 'appraiser', 'dismantler', 'public'] as const;
export type DisposalRole = (typeof DISPOSAL_ROLES)[number];

/** Whether a role sees the plates in full (carNumber); everyone else reads carNumberPublish. */
export function seesFullPlate(role: DisposalRole): boolean {
  return role === 'owner' || role === 'exchange';
}

export const ZDisposalVehicle = z.object({
  id: z.number(),
  version: z.number(),
  state: z.enum(VEHICLE_STATES),
  stateLabel: z.string(),
  /** the plate as the viewer may see it: in full to the owner and the exchange, else masked */
  carNumber: z.string(),
  /** the plate with its last four hidden (BF-5.6) */
  carNumberPublish: z.string(),
  /** '' where the viewer does not see it (the public) */
  vin: z.string(),
  engineNo: z.string(),
  brandModel: z.string(),
  vehicleType: z.string(),
  vehicleTypeLabel: z.string(),
  registrationDate: z.string(),
  mileage: z.number(),
  condition: z.string(),
  conditionLabel: z.string(),
  remark: z.string(),
  appraisedValue: z.number().nullable(),
  appraisalOpinion: z.string(),
  listingPrice: z.number().nullable(),
  listedAt: z.string().nullable(),
  buyerName: z.string(),
  dealPrice: z.number().nullable(),
  /** when the exchange confirmed its deal (ISO) */
  dealtAt: z.string().nullable(),
  certificateNo: z.string(),
  dismantledAt: z.string().nullable(),
  recordId: z.number().nullable(),
  /** the letter waiting for the owner's signature (listing or revocation) */
  letterKind: z.enum(VEHICLE_LETTER_KINDS).nullable(),
  /** the viewer's open task on this vehicle (its letter's signature, its dismantling record) */
  taskId: z.number().nullable(),
});
export type DisposalVehicle = z.infer<typeof ZDisposalVehicle>;

export const ZExpertOpinion = z.object({
  id: z.number(),
  expertName: z.string(),
  organisation: z.string(),
  opinion: z.string(),
  createdAt: z.string(),
  files: z.array(ZAttachmentItem),
});
export type ExpertOpinion = z.infer<typeof ZExpertOpinion>;

export const ZVehicleReceiving = z.object({
  companyId: z.number(),
  companyName: z.string(),
  receiveDate: z.string(),
  place: z.string(),
  transport: z.string(),
  handler: z.string(),
  handlerMobile: z.string(),
  remark: z.string(),
  submittedAt: z.string(),
  vehicleCount: z.number(),
});
export type VehicleReceiving = z.infer<typeof ZVehicleReceiving>;

/** GET /api/project/disposalApply/show/{id}: the disposal as the viewer sees it, and what it may do now. */
export const ZVehicleDisposalView = z.object({
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  ownerName: z.string(),
  disclosureStart: z.string().nullable(),
  disclosureEnd: z.string().nullable(),
  role: z.enum(DISPOSAL_ROLES),
  /** the disposal's own version (appraisal, confirmation): 0 before the exchange approved it */
  version: z.number(),
  appraiserCompanyId: z.number().nullable(),
  appraiserName: z.string(),
  appraisalBaseDate: z.string(),
  appraisalSubmittedAt: z.string().nullable(),
  /** why the owner sent the last result back ('' when it did not) */
  appraisalReturnReason: z.string(),
  resultConfirmedAt: z.string().nullable(),
  reports: z.array(ZAttachmentItem),
  vehicles: z.array(ZDisposalVehicle),
  experts: z.array(ZExpertOpinion),
  receivings: z.array(ZVehicleReceiving),
  /** the viewer's open task on the disposal itself (assign, appraise, confirm, deal, receive) */
  taskId: z.number().nullable(),
  can: z.object({
    editVehicles: z.boolean(),
    assign: z.boolean(),
    appraise: z.boolean(),
    confirm: z.boolean(),
    sign: z.boolean(),
    revoke: z.boolean(),
    deal: z.boolean(),
    receive: z.boolean(),
  }),
});
export type VehicleDisposalView = z.infer<typeof ZVehicleDisposalView>;

/** A company the exchange may choose (an assessment institution, a qualified dismantler). */
export const ZDisposalParty = z.object({
  id: z.number(),
  name: z.string(),
  licenceNo: z.string(),
  validTo: z.string(),
});
export type DisposalParty = z.infer<typeof ZDisposalParty>;

/** The dismantler's own licence as its company page shows it (null fields: none recorded yet). */
export const ZDismantlerLicenceView = z.object({
  licenceNo: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  isValid: z.boolean(),
  version: z.number(),
  files: z.array(ZAttachmentItem),
});
export type DismantlerLicenceView = z.infer<typeof ZDismantlerLicenceView>;
