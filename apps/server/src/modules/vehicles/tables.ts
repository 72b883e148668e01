// Tables owned by the vehicles module (机动车处置, vehicle-disposal.ts and vehicle-records.ts of the domain): the
// vehicles of a disposal, one row each with its state and what happened to it; the disposal's own course (the
// appraiser assigned, the appraisal, its confirmation), the experts' opinions, the dismantlers' receiving
// applications, their licences, and the dismantling record of each vehicle received. company_id is the project
// owner's on the vehicles (the dismantler's on receivings and records); every change counts `version` up, so a
// change made from a stale read is refused.
import type { RecordData, RecordStatus, VehicleLetterKind, VehicleState } from '@cqjy/domain';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from '../../db/columns.ts';
import { letterLayout } from '../signatures/letter-columns.ts';
import { projects } from '../projects/tables.ts';
import { companies, users } from '../users/tables.ts';

/** Money columns are fen in bigint: a fleet's appraisal passes the 21,474,836.47 yuan an integer holds. */
const fen = (name: string) => bigint(name, { mode: 'number' });

export const disposalApplyItems = pgTable(
  'disposal_apply_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the project owner's company */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** the vehicle's number within its disposal (序号), in the order entered */
    no: integer('no').notNull(),
    carNumber: text('car_number').notNull(),
    vin: text('vin').notNull(),
    engineNo: text('engine_no').notNull(),
    brandModel: text('brand_model').notNull(),
    vehicleType: text('vehicle_type').notNull(),
    registrationDate: date('registration_date', { mode: 'string' }).notNull(),
    mileage: integer('mileage').notNull(),
    condition: text('condition').notNull(),
    remark: text('remark').notNull().default(''),
    state: text('state').$type<VehicleState>().notNull(),
    appraisedValue: fen('appraised_value'),
    appraisalOpinion: text('appraisal_opinion').notNull().default(''),
    listingPrice: fen('listing_price'),
    listedAt: timestamptz('listed_at'),
    buyerCompanyId: integer('buyer_company_id').references(() => companies.id, { onDelete: 'set null' }),
    dealPrice: fen('deal_price'),
    dealtAt: timestamptz('dealt_at'),
    receivingId: integer('receiving_id'),
    receivedAt: timestamptz('received_at'),
    certificateNo: text('certificate_no').notNull().default(''),
    dismantledAt: timestamptz('dismantled_at'),
    /** the letter waiting for the owner's signature (its listing, its revocation), drawn from the row as it was */
    letterKind: text('letter_kind').$type<VehicleLetterKind>(),
    letterId: text('letter_id'),
    letterSha256: text('letter_sha256'),
    letterLayout: letterLayout(),
    revokeReason: text('revoke_reason').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('disposal_apply_items_project_idx').on(t.projectId, t.no),
    // the same vehicle twice in one disposal is refused, whatever the timing
    uniqueIndex('disposal_apply_items_vin_idx').on(t.projectId, t.vin),
    uniqueIndex('disposal_apply_items_plate_idx').on(t.projectId, t.carNumber),
    index('disposal_apply_items_buyer_idx').on(t.buyerCompanyId),
  ],
);

/** A disposal's own course, written when the exchange approves its application. */
export const vehicleDisposals = pgTable('vehicle_disposals', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  appraiserCompanyId: integer('appraiser_company_id').references(() => companies.id, {
    onDelete: 'set null',
  }),
  assignedAt: timestamptz('assigned_at'),
  appraisalBaseDate: date('appraisal_base_date', { mode: 'string' }),
  appraisalSubmittedAt: timestamptz('appraisal_submitted_at'),
  appraisalReturnReason: text('appraisal_return_reason').notNull().default(''),
  resultConfirmedAt: timestamptz('result_confirmed_at'),
  version: integer('version').notNull().default(1),
  ...timestamps,
});

/** The opinions of the experts the appraisal firm asked (专家意见); their signed opinions are files of the row. */
export const disposalExpertOpinions = pgTable(
  'disposal_expert_opinions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the appraisal firm that recorded it */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    expertName: text('expert_name').notNull(),
    organisation: text('organisation').notNull().default(''),
    opinion: text('opinion').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('disposal_expert_opinions_project_idx').on(t.projectId, t.id)],
);

/** A dismantler's application to receive the vehicles dealt to it (接收申请). */
export const vehicleReceivings = pgTable(
  'vehicle_receivings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the dismantler */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    receiveDate: date('receive_date', { mode: 'string' }).notNull(),
    place: text('place').notNull(),
    transport: text('transport').notNull(),
    handler: text('handler').notNull(),
    handlerMobile: text('handler_mobile').notNull(),
    remark: text('remark').notNull().default(''),
    /** the licence it received under, as it was then */
    licenceNo: text('licence_no').notNull(),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamptz('submitted_at').notNull(),
    ...timestamps,
  },
  (t) => [index('vehicle_receivings_project_idx').on(t.projectId, t.companyId)],
);

/** A dismantler's qualification (报废机动车回收拆解企业资质认定书), one per company. */
export const dismantlerLicences = pgTable('dismantler_licences', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  licenceNo: text('licence_no').notNull(),
  issuer: text('issuer').notNull(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validTo: date('valid_to', { mode: 'string' }).notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  ...timestamps,
});

/** The dismantling record of one vehicle received (/api/record/...). */
export const dismantlingRecords = pgTable(
  'dismantling_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => disposalApplyItems.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** the dismantler keeping it */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status').$type<RecordStatus>().notNull(),
    /** the step being edited; RECORD_STEPS_DONE once every step is verified */
    currentStep: integer('current_step').notNull().default(0),
    data: jsonb('data').$type<RecordData>().notNull().default({}),
    letterId: text('letter_id'),
    letterSha256: text('letter_sha256'),
    letterLayout: letterLayout(),
    signedLetterId: text('signed_letter_id'),
    signedAt: timestamptz('signed_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('dismantling_records_item_idx').on(t.itemId),
    index('dismantling_records_project_idx').on(t.projectId, t.companyId),
  ],
);
