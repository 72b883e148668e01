// A disposal's vehicle as a viewer may see it: the plate in full to the owner and the exchange only (everyone else
// reads carNumberPublish, its last four hidden), the VIN and engine number to those who work on the vehicle, not to
// the public.
import {
  maskCarNumber,
  seesFullPlate,
  VEHICLE_STATE_LABELS,
  vehicleConditionLabel,
  vehicleTypeLabel,
  type DisposalRole,
  type DisposalVehicle,
} from '@cqjy/domain';
import type { ItemRow } from './repo.ts';

export type VehicleExtras = {
  buyerName: string;
  recordId: number | null;
  taskId: number | null;
};

export function toVehicle(item: ItemRow, role: DisposalRole, extras: VehicleExtras): DisposalVehicle {
  const isIdentified = role !== 'public';
  return {
    id: item.id,
    version: item.version,
    state: item.state,
    stateLabel: VEHICLE_STATE_LABELS[item.state],
    carNumber: seesFullPlate(role) ? item.carNumber : maskCarNumber(item.carNumber),
    carNumberPublish: maskCarNumber(item.carNumber),
    vin: isIdentified ? item.vin : '',
    engineNo: isIdentified ? item.engineNo : '',
    brandModel: item.brandModel,
    vehicleType: item.vehicleType,
    vehicleTypeLabel: vehicleTypeLabel(item.vehicleType),
    registrationDate: item.registrationDate,
    mileage: item.mileage,
    condition: item.condition,
    conditionLabel: vehicleConditionLabel(item.condition),
    remark: item.remark,
    appraisedValue: item.appraisedValue,
    appraisalOpinion: item.appraisalOpinion,
    listingPrice: item.listingPrice,
    listedAt: item.listedAt?.toISOString() ?? null,
    buyerName: extras.buyerName,
    dealPrice: item.dealPrice,
    dealtAt: item.dealtAt?.toISOString() ?? null,
    certificateNo: item.certificateNo,
    dismantledAt: item.dismantledAt?.toISOString() ?? null,
    recordId: extras.recordId,
    letterKind: role === 'owner' || role === 'exchange' ? item.letterKind : null,
    taskId: extras.taskId,
  };
}

/** A vehicle's facts as its form and the letters name them. */
export const factsOf = (item: ItemRow) => ({
  carNumber: item.carNumber,
  vin: item.vin,
  engineNo: item.engineNo,
  brandModel: item.brandModel,
});
