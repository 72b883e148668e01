// The handover of a dealt small-lot batch (交付; spec 001 sections 2 and 7: the small-lot delivery screen and
// /api/project/delivery/...). Once the result is confirmed (the project 已成交), the seller's side (the owner, or the
// member keeping the lots in its ledger) records the pick-up: the day, the place, who took the goods and photos of
// it. The buyer then signs for the goods (签收): the member that won for its buyer in the hall confirms receipt in
// the portal; a buyer from an external platform's auction has no account here, so the seller uploads the receipt
// the buyer signed on paper (签收单) and confirms it. With the receipt the lots read 已交割 in the ledger.
//
//   awaitingPickup (待提货) -> awaitingReceipt (待签收) -> received (已签收)
//
// The pick-up may be recorded again (a correction) until the receipt; every change names the version it was made
// from, so two people at once: one wins, the other is told the delivery changed (409).
import { z } from 'zod';
import { zRowId, zVersionOrNew } from '../contract.ts';
import { MSG } from '../messages.ts';
import { isCalendarDate } from '../workflow/action-forms.ts';
import { ZAttachmentItem } from '../attachment-item.ts';

export const DELIVERY_STATUSES = ['awaitingPickup', 'awaitingReceipt', 'received'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  awaitingPickup: '待提货',
  awaitingReceipt: '待签收',
  received: '已签收',
};

/** The families whose dealt projects are handed over through the delivery calls. */
export const DELIVERY_FAMILIES: readonly string[] = ['small'];

export const isDeliveryFamily = (family: string): boolean => DELIVERY_FAMILIES.includes(family);

/** The files of a delivery: the photos of the pick-up, and the receipt a buyer off the portal signed. */
export const DELIVERY_DATA_CLASS = 'delivery';
export const DELIVERY_PHOTO_TAG = 'deliveryPhoto';
export const DELIVERY_RECEIPT_TAG = 'deliveryReceipt';
export const DELIVERY_PHOTO_TYPES = ['jpg', 'jpeg', 'png'] as const;
export const DELIVERY_PHOTOS_MAX = 9;

const zText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** POST /api/project/delivery/pickup: the seller records (or corrects) the pick-up. */
export const ZDeliveryPickupForm = z.object({
  projectId: zRowId,
  version: zVersionOrNew,
  pickupDate: z.string({ error: MSG.deliveryDateInvalid }).refine(isCalendarDate, MSG.deliveryDateInvalid),
  place: zText(200, MSG.deliveryPlaceRequired, MSG.deliveryPlaceTooLong),
  pickedUpBy: zText(50, MSG.deliveryPickedUpByRequired, MSG.deliveryPickedUpByTooLong),
  remark: z.string({ error: MSG.badRequest }).trim().max(500, MSG.deliveryRemarkTooLong).default(''),
});
export type DeliveryPickupForm = z.input<typeof ZDeliveryPickupForm>;

/** POST /api/project/delivery/receipt: the goods signed for (by the buyer's member, or by the seller with the paper). */
export const ZDeliveryReceiptForm = z.object({
  projectId: zRowId,
  version: zVersionOrNew,
  remark: z.string({ error: MSG.badRequest }).trim().max(500, MSG.deliveryRemarkTooLong).default(''),
});
export type DeliveryReceiptForm = z.input<typeof ZDeliveryReceiptForm>;

/** A lot handed over, as the delivery page lists it. */
export const ZDeliveryLot = z.object({
  name: z.string(),
  category: z.string(),
  model: z.string(),
  quantity: z.string(),
  unit: z.string(),
  location: z.string(),
});
export type DeliveryLot = z.infer<typeof ZDeliveryLot>;

/** GET /api/project/delivery/{projectId}: the delivery as the seller's side, the buyer's member or the exchange sees it. */
export const ZDelivery = z.object({
  projectId: z.number(),
  projectName: z.string(),
  projectCode: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  statusLabel: z.string(),
  /** the confirmed result's buyer and price (fen) */
  buyerName: z.string(),
  dealPrice: z.number().nullable(),
  /** the buyer won in the portal's hall: its member signs for the goods; else the seller uploads the paper receipt */
  isBuyerOnPortal: z.boolean(),
  /** what the caller may do now */
  canRecordPickup: z.boolean(),
  canConfirmReceipt: z.boolean(),
  pickupDate: z.string().nullable(),
  place: z.string(),
  pickedUpBy: z.string(),
  remark: z.string(),
  recordedAt: z.string().nullable(),
  receiptRemark: z.string(),
  receivedAt: z.string().nullable(),
  receivedByName: z.string(),
  photos: z.array(ZAttachmentItem),
  receipts: z.array(ZAttachmentItem),
  lots: z.array(ZDeliveryLot),
  /** 0 before anything was recorded */
  version: z.number(),
});
export type Delivery = z.infer<typeof ZDelivery>;

export function deliveryPath(family: string, projectId: number): string {
  return `/index/${family}Delivery?id=${projectId}`;
}
