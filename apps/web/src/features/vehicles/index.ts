// 机动车处置 (the vehicles module's screens): a disposal's vehicles on its project page, their entry and import,
// the firm's appraisal and the experts' opinions, the owner's confirmation, the listing letters signed one by one
// or in a batch, the exchange's deal, the dismantler's receiving, licence and dismantling records, and the view of
// a disposal for whoever is not its owner or the exchange.
export { disposalQuery } from './api.ts';
export { AssessmentOpinionPage } from './assessment-page.tsx';
export { BatchSignPage } from './batch-sign-page.tsx';
export { DealConfirmPage } from './deal-confirm-page.tsx';
export { DisposalPage } from './disposal-page.tsx';
export { ExpertOpinionPage } from './expert-opinion-page.tsx';
export { DismantlerLicenceCard } from './licence-card.tsx';
export { ReceivingPage } from './receiving-page.tsx';
export { RecordPage } from './record-page.tsx';
export { ResultConfirmPage } from './result-confirm-page.tsx';
export { VehicleInfoPage } from './vehicle-info-page.tsx';
export { VehicleSection } from './vehicle-section.tsx';
export type { VehicleSectionProps } from './vehicle-section.tsx';
export { VehicleSignPage } from './vehicle-sign-page.tsx';
