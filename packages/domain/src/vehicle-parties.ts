// What the parties of a disposal enter (机动车处置, issue 32): the assessment institution's value and opinion of each
// vehicle and the experts' opinions it records; the exchange's deal with a qualified dismantler (at no less than
// each vehicle's listing price); the dismantler's receiving application and its licence (资质认定书), in force on the
// day it takes the vehicles (State Council order 715). The vehicles themselves: vehicle-disposal.ts.
import { z } from 'zod';
import { zRowId, zVersion, zVersionOrNew } from './contract.ts';
import { formatFen, formatMessage, maskCarNumber } from './format.ts';
import { fillIn, MSG, pleaseSelect } from './messages.ts';
import { countChars } from './validation/return-reason.ts';
import { validateMobile } from './validation/mobile.ts';
import { isCalendarDate } from './workflow/action-forms.ts';
import { trimmedText } from './validation/trimmed-text.ts';
import { DISPOSAL_VEHICLES_MAX } from './vehicle-disposal.ts';

// ---- the appraisal ----------------------------------------------------------------------------------------

export const APPRAISAL_OPINION_MAX = 500;

/** The firm's value and opinion of one vehicle (fen; null while not yet given). */
export const ZVehicleAppraisal = z.object({
  id: zRowId,
  appraisedValue: z.unknown().optional(),
  appraisalOpinion: z.unknown().optional(),
});
export type VehicleAppraisalInput = z.infer<typeof ZVehicleAppraisal>;

/**
 * What a firm saves of its appraisal: a value (a positive amount in fen) and an opinion within its limit, each
 * optional while the work goes on; the submission needs both for every vehicle (missingAppraisals).
 */
export function checkAppraisal(
  input: VehicleAppraisalInput,
): { message: string; value?: never } | { message: null; value: { value: number | null; opinion: string } } {
  const raw = input.appraisedValue;
  const value = raw === undefined || raw === null ? null : raw;
  if (value !== null && !(typeof value === 'number' && Number.isSafeInteger(value) && value > 0)) {
    return { message: MSG.vehicleAppraisedValueInvalid };
  }
  const opinion = trimmedText(input.appraisalOpinion);
  if (countChars(opinion) > APPRAISAL_OPINION_MAX) {
    return {
      message: formatMessage(MSG.projectsFieldTooLong, { label: '评估意见', max: APPRAISAL_OPINION_MAX }),
    };
  }
  return { message: null, value: { value, opinion } };
}

/** The first vehicle a submitted appraisal still lacks a value or an opinion of, as its message. */
export function missingAppraisal(
  vehicles: readonly { carNumber: string; appraisedValue: number | null; appraisalOpinion: string }[],
): string | null {
  const missing = vehicles.find(
    (vehicle) => vehicle.appraisedValue === null || vehicle.appraisalOpinion === '',
  );
  return missing === undefined
    ? null
    : formatMessage(MSG.vehicleAppraisalIncomplete, { plate: maskCarNumber(missing.carNumber) });
}

export const EXPERT_NAME_MAX = 50;
export const EXPERT_ORGANISATION_MAX = 100;
export const EXPERT_OPINION_MAX = 1000;

/** An expert's opinion the firm asked for and records (the expert's signed opinion as a file). */
export const ZExpertOpinionInput = z.object({
  projectId: zRowId,
  expertName: z.unknown().optional(),
  organisation: z.unknown().optional(),
  opinion: z.unknown().optional(),
});
export type ExpertOpinionInput = z.infer<typeof ZExpertOpinionInput>;

export function checkExpertOpinion(
  input: ExpertOpinionInput,
):
  | { message: string; value?: never }
  | { message: null; value: { expertName: string; organisation: string; opinion: string } } {
  const expertName = trimmedText(input.expertName);
  if (expertName === '') return { message: fillIn('专家姓名') };
  if (countChars(expertName) > EXPERT_NAME_MAX) {
    return { message: formatMessage(MSG.projectsFieldTooLong, { label: '专家姓名', max: EXPERT_NAME_MAX }) };
  }
  const organisation = trimmedText(input.organisation);
  if (countChars(organisation) > EXPERT_ORGANISATION_MAX) {
    return {
      message: formatMessage(MSG.projectsFieldTooLong, { label: '工作单位', max: EXPERT_ORGANISATION_MAX }),
    };
  }
  const opinion = trimmedText(input.opinion);
  if (opinion === '') return { message: fillIn('专家意见') };
  if (countChars(opinion) > EXPERT_OPINION_MAX) {
    return {
      message: formatMessage(MSG.projectsFieldTooLong, { label: '专家意见', max: EXPERT_OPINION_MAX }),
    };
  }
  return { message: null, value: { expertName, organisation, opinion } };
}

// ---- the deal, the receiving, the dismantler's licence ---------------------------------------------------

/** The exchange's deal: the dismantler, and each listed vehicle it takes at a price not below its listing. */
export const ZVehicleDealInput = z.object({
  projectId: zRowId,
  version: zVersion,
  buyerCompanyId: z
    .number({ error: pleaseSelect('拆解企业') })
    .int(pleaseSelect('拆解企业'))
    .min(1, pleaseSelect('拆解企业'))
    .max(2_147_483_647, pleaseSelect('拆解企业')),
  vehicles: z
    .array(z.object({ id: zRowId, dealPrice: z.unknown().optional() }), {
      error: MSG.vehicleDealNone,
    })
    .min(1, MSG.vehicleDealNone)
    .max(DISPOSAL_VEHICLES_MAX, MSG.badRequest),
});
export type VehicleDealInput = z.infer<typeof ZVehicleDealInput>;

/** A deal price: a positive amount of fen not below the vehicle's listing price. */
export function dealPriceRefusal(dealPrice: unknown, listingPrice: number, plate: string): string | null {
  if (!(typeof dealPrice === 'number' && Number.isSafeInteger(dealPrice) && dealPrice > 0)) {
    return MSG.vehicleDealPriceInvalid;
  }
  return dealPrice < listingPrice
    ? formatMessage(MSG.vehicleDealPriceBelowListing, {
        plate: maskCarNumber(plate),
        price: formatFen(listingPrice),
      })
    : null;
}

export const RECEIVING_TEXT_MAX = 200;

/** The dismantler's application to receive the vehicles dealt to it. */
export const ZReceivingInput = z.object({
  projectId: zRowId,
  version: zVersion,
  receiveDate: z.unknown().optional(),
  place: z.unknown().optional(),
  transport: z.unknown().optional(),
  handler: z.unknown().optional(),
  handlerMobile: z.unknown().optional(),
  remark: z.unknown().optional(),
});
export type ReceivingInput = z.infer<typeof ZReceivingInput>;

export type ReceivingFacts = {
  receiveDate: string;
  place: string;
  transport: string;
  handler: string;
  handlerMobile: string;
  remark: string;
};

/** The receiving's facts: a day from `earliest` (the deal's) on, the place, the transport, the handler and mobile. */
export function checkReceiving(
  input: ReceivingInput,
  earliest: string,
): { message: string; value?: never } | { message: null; value: ReceivingFacts } {
  const receiveDate = trimmedText(input.receiveDate);
  if (!isCalendarDate(receiveDate)) return { message: pleaseSelect('接收日期') };
  if (receiveDate < earliest) return { message: MSG.vehicleReceiveDateEarly };
  const fields = {
    place: trimmedText(input.place),
    transport: trimmedText(input.transport),
    handler: trimmedText(input.handler),
  };
  const labels = { place: '接收地点', transport: '运输方式', handler: '经办人' } as const;
  for (const key of ['place', 'transport', 'handler'] as const) {
    if (fields[key] === '') return { message: fillIn(labels[key]) };
    if (countChars(fields[key]) > RECEIVING_TEXT_MAX) {
      return {
        message: formatMessage(MSG.projectsFieldTooLong, { label: labels[key], max: RECEIVING_TEXT_MAX }),
      };
    }
  }
  const handlerMobile = trimmedText(input.handlerMobile);
  const mobileMessage = validateMobile(handlerMobile);
  if (mobileMessage !== null) return { message: mobileMessage };
  const remark = trimmedText(input.remark);
  if (countChars(remark) > RECEIVING_TEXT_MAX) {
    return { message: formatMessage(MSG.projectsFieldTooLong, { label: '备注', max: RECEIVING_TEXT_MAX }) };
  }
  return { message: null, value: { receiveDate, ...fields, handlerMobile, remark } };
}

export const LICENCE_NO_MIN = 6;
export const LICENCE_NO_MAX = 40;
const LICENCE_NO = new RegExp(`^[0-9A-Za-z\\u4e00-\\u9fff（）()-]{${LICENCE_NO_MIN},${LICENCE_NO_MAX}}$`);
/** the licence's scan (报废机动车回收拆解企业资质认定书), a file of the company */
export const DISMANTLER_LICENCE_TAG = 'dismantlerLicence';
export const DISMANTLER_LICENCE_DATA_CLASS = 'dismantlerLicence';

/** The dismantler's qualification: its licence's number, the authority that issued it and its validity. */
export const ZDismantlerLicenceInput = z.object({
  version: zVersionOrNew,
  licenceNo: z.unknown().optional(),
  issuer: z.unknown().optional(),
  validFrom: z.unknown().optional(),
  validTo: z.unknown().optional(),
});
export type DismantlerLicenceInput = z.infer<typeof ZDismantlerLicenceInput>;

export type DismantlerLicence = { licenceNo: string; issuer: string; validFrom: string; validTo: string };

export function checkLicence(
  input: DismantlerLicenceInput,
): { message: string; value?: never } | { message: null; value: DismantlerLicence } {
  const licenceNo = trimmedText(input.licenceNo);
  if (licenceNo === '') return { message: fillIn('资质认定书编号') };
  if (!LICENCE_NO.test(licenceNo)) return { message: MSG.vehicleLicenceNoInvalid };
  const issuer = trimmedText(input.issuer);
  if (issuer === '') return { message: fillIn('发证机关') };
  if (countChars(issuer) > 100) {
    return { message: formatMessage(MSG.projectsFieldTooLong, { label: '发证机关', max: 100 }) };
  }
  const validFrom = trimmedText(input.validFrom);
  const validTo = trimmedText(input.validTo);
  if (!isCalendarDate(validFrom)) return { message: pleaseSelect('有效期起') };
  if (!isCalendarDate(validTo)) return { message: pleaseSelect('有效期至') };
  if (validTo < validFrom) return { message: MSG.vehicleLicenceOrder };
  return { message: null, value: { licenceNo, issuer, validFrom, validTo } };
}

/** Whether a licence is in force on `day` ('YYYY-MM-DD', +08:00). */
export function isLicenceValidOn(
  licence: Pick<DismantlerLicence, 'validFrom' | 'validTo'>,
  day: string,
): boolean {
  return licence.validFrom <= day && day <= licence.validTo;
}
