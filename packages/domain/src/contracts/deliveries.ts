// 交付 (spec 001 section 7, /api/project/delivery/...): the handover of a dealt small-lot batch
// (projects/delivery.ts holds the rules). The seller's side records the pick-up, the buyer's member signs for the
// goods; the exchange reads. Anyone else: 404.
import { defineCall, ZIdPath, ZSaved } from '../contract.ts';
import { ZDelivery, ZDeliveryPickupForm, ZDeliveryReceiptForm } from '../projects/delivery.ts';

/** GET /api/project/delivery/{id}: the delivery of project `id` as it stands. */
export const showDeliveryCall = defineCall({
  method: 'GET',
  path: '/api/project/delivery/:id',
  tag: 'project',
  summary: '交付信息',
  params: ZIdPath,
  answer: ZDelivery,
});

/** POST /api/project/delivery/pickup: the seller records (or corrects, before the receipt) the pick-up. */
export const recordPickupCall = defineCall({
  method: 'POST',
  path: '/api/project/delivery/pickup',
  tag: 'project',
  summary: '登记提货信息',
  description: '处置方登记提货日期、地点、提货人与现场照片；受让方签收前可更正。',
  body: ZDeliveryPickupForm,
  answer: ZSaved,
});

/** POST /api/project/delivery/receipt: the goods signed for; the lots turn 已交割. */
export const confirmReceiptCall = defineCall({
  method: 'POST',
  path: '/api/project/delivery/receipt',
  tag: 'project',
  summary: '确认签收',
  description:
    '网络竞价竞得的受让方（其代理会员）确认收货；受让方不是本平台用户的，由处置方上传其签字的签收单后确认。签收后台账标的转为已交割。',
  body: ZDeliveryReceiptForm,
  answer: ZSaved,
});
