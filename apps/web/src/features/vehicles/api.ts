// The calls of a motor-vehicle disposal (contracts/vehicles.ts and contracts/records.ts): the disposal as the viewer
// sees it, its vehicles, their import (inputVehicleData, up to a minute), the appraisal, the listing letters (the
// batch at signatureAndSubmit's two minutes), the deal, the receiving, the dismantler's licence and the
// dismantling records. Every change carries the version it was read at; the pages refresh the disposal's queries
// (vehicleKeys.all) after each.
import { queryOptions } from '@tanstack/react-query';
import { TIMEOUTS } from '@cqjy/domain/api';
import type { CallAnswer, CallInput } from '@cqjy/domain/contract';
import {
  backRecordStepCall,
  checkRecordSignCodeCall,
  listRecordsCall,
  sendRecordSignCodeCall,
  showRecordCall,
  signRecordCall,
  submitRecordCall,
  terminateRecordCall,
  updateRecordCall,
  verifyRecordStepCall,
} from '@cqjy/domain/contracts/records';
import { listBatchTasksCall, whetherBatchCall } from '@cqjy/domain/contracts/workflow';
import {
  assignAppraiserCall,
  checkVehicleSignCodeCall,
  confirmDealCall,
  confirmResultCall,
  deleteExpertOpinionCall,
  deleteVehicleCall,
  inputVehicleDataCall,
  listAppraisersCall,
  listDismantlersCall,
  previewVehicleImportCall,
  returnResultCall,
  revokeVehicleCall,
  saveAppraisalCall,
  saveExpertOpinionCall,
  saveLicenceCall,
  saveVehicleCall,
  sendVehicleSignCodeCall,
  showDisposalCall,
  showLicenceCall,
  showVehicleCall,
  signatureAndSubmitCall,
  signVehicleCall,
  submitAppraisalCall,
  submitReceivingCall,
  updateVehicleCall,
  VEHICLE_TEMPLATE_PATH,
} from '@cqjy/domain/contracts/vehicles';
import { VEHICLE_LETTER_ACTIONS } from '@cqjy/domain/vehicle-disposal';
import type { SignRequest } from '@cqjy/domain/workflow/sign-off';
import { callApi, fetchData } from '../../lib/call.ts';

export { VEHICLE_TEMPLATE_PATH };

export const vehicleKeys = {
  all: ['vehicles'] as const,
  disposal: (projectId: number) => ['vehicles', 'disposal', projectId] as const,
  vehicle: (itemId: number) => ['vehicles', 'vehicle', itemId] as const,
  records: (projectId: number) => ['vehicles', 'records', projectId] as const,
  record: (recordId: number) => ['vehicles', 'record', recordId] as const,
  appraisers: ['vehicles', 'appraisers'] as const,
  dismantlers: ['vehicles', 'dismantlers'] as const,
  licence: ['vehicles', 'licence'] as const,
  listingTasks: ['vehicles', 'listingTasks'] as const,
};

export type VehicleDisposalView = CallAnswer<typeof showDisposalCall>;
export type VehicleDetail = CallAnswer<typeof showVehicleCall>;
export type DismantlingRecordView = CallAnswer<typeof showRecordCall>;

/** GET /api/project/disposalApply/show/{id} */
export const disposalQuery = (projectId: number) =>
  queryOptions({
    queryKey: vehicleKeys.disposal(projectId),
    queryFn: ({ signal }) => fetchData(showDisposalCall, { params: { id: projectId } }, { signal }),
    staleTime: 0,
  });

/** GET /api/project/disposalApply/item/{id} */
export const vehicleQuery = (itemId: number) =>
  queryOptions({
    queryKey: vehicleKeys.vehicle(itemId),
    queryFn: ({ signal }) => fetchData(showVehicleCall, { params: { id: itemId } }, { signal }),
    staleTime: 0,
  });

/** GET /api/record/list/{projectId} */
export const recordsQuery = (projectId: number) =>
  queryOptions({
    queryKey: vehicleKeys.records(projectId),
    queryFn: ({ signal }) => fetchData(listRecordsCall, { params: { id: projectId } }, { signal }),
    staleTime: 0,
  });

/** GET /api/record/show/{id} */
export const recordQuery = (recordId: number) =>
  queryOptions({
    queryKey: vehicleKeys.record(recordId),
    queryFn: ({ signal }) => fetchData(showRecordCall, { params: { id: recordId } }, { signal }),
    staleTime: 0,
  });

export const appraisersQuery = () =>
  queryOptions({
    queryKey: vehicleKeys.appraisers,
    queryFn: ({ signal }) => fetchData(listAppraisersCall, {}, { signal }),
  });

export const dismantlersQuery = () =>
  queryOptions({
    queryKey: vehicleKeys.dismantlers,
    queryFn: ({ signal }) => fetchData(listDismantlersCall, {}, { signal }),
    staleTime: 0,
  });

export const licenceQuery = () =>
  queryOptions({
    queryKey: vehicleKeys.licence,
    queryFn: ({ signal }) => fetchData(showLicenceCall, {}, { signal }),
    staleTime: 0,
  });

/** GET /api/task/batch/tasks/motorVehicle/hangingTag: the caller's listing letters waiting (the batch screen). */
export const listingTasksQuery = () =>
  queryOptions({
    queryKey: vehicleKeys.listingTasks,
    queryFn: ({ signal }) =>
      fetchData(
        listBatchTasksCall,
        { params: { family: 'motorVehicle', action: VEHICLE_LETTER_ACTIONS.hangingTag } },
        { signal },
      ),
    staleTime: 0,
  });

type Body<C extends Parameters<typeof fetchData>[0]> = CallInput<C> extends { body: infer B } ? B : never;

// ---- the vehicles of a draft

export const saveVehicle = (body: Body<typeof saveVehicleCall>) =>
  fetchData(saveVehicleCall, { body }, { showSuccess: true });

export const updateVehicle = (id: number, body: Body<typeof updateVehicleCall>) =>
  fetchData(updateVehicleCall, { params: { id }, body }, { showSuccess: true });

export const deleteVehicle = (id: number, version: number) =>
  fetchData(deleteVehicleCall, { params: { id }, body: { version } }, { showSuccess: true });

export const previewVehicleImport = (body: Body<typeof previewVehicleImportCall>) =>
  fetchData(previewVehicleImportCall, { body }, { timeoutMs: TIMEOUTS.inputVehicleDataMs });

/** BF-7.2: a large batch may take up to a minute. */
export const inputVehicleData = (body: Body<typeof inputVehicleDataCall>) =>
  fetchData(inputVehicleDataCall, { body }, { timeoutMs: TIMEOUTS.inputVehicleDataMs, showSuccess: true });

// ---- the appraisal

export const assignAppraiser = (body: Body<typeof assignAppraiserCall>) =>
  fetchData(assignAppraiserCall, { body }, { showSuccess: true });

export const saveAppraisal = (body: Body<typeof saveAppraisalCall>) =>
  fetchData(saveAppraisalCall, { body }, { showSuccess: true });

export const submitAppraisal = (body: Body<typeof submitAppraisalCall>) =>
  fetchData(submitAppraisalCall, { body }, { showSuccess: true });

export const saveExpertOpinion = (body: Body<typeof saveExpertOpinionCall>) =>
  fetchData(saveExpertOpinionCall, { body }, { showSuccess: true });

export const deleteExpertOpinion = (id: number) =>
  fetchData(deleteExpertOpinionCall, { params: { id } }, { showSuccess: true });

export const confirmResult = (body: Body<typeof confirmResultCall>) =>
  fetchData(confirmResultCall, { body }, { showSuccess: true });

export const returnResult = (body: Body<typeof returnResultCall>) => callApi(returnResultCall, { body });

// ---- the listing and revocation letters

export const sendVehicleSignCode = async (itemIds: number[]): Promise<void> => {
  await fetchData(sendVehicleSignCodeCall, { body: { itemIds } }, { showSuccess: true });
};

export const checkVehicleSignCode = (itemIds: number[], otp: string) =>
  callApi(checkVehicleSignCodeCall, { body: { itemIds, otp } });

export const signVehicle = (request: SignRequest) =>
  callApi(signVehicleCall, { body: request }, { timeoutMs: TIMEOUTS.signatureAndSubmitMs });

/** BF-7.2: many letters signed in one call, for up to two minutes. */
export const signatureAndSubmit = (body: Body<typeof signatureAndSubmitCall>) =>
  callApi(signatureAndSubmitCall, { body }, { timeoutMs: TIMEOUTS.signatureAndSubmitMs });

export const whetherBatch = (taskIds: number[]) => fetchData(whetherBatchCall, { body: { taskIds } });

export const revokeVehicle = (body: Body<typeof revokeVehicleCall>) =>
  fetchData(revokeVehicleCall, { body }, { showSuccess: true });

// ---- the deal, the receiving, the licence

export const confirmDeal = (body: Body<typeof confirmDealCall>) =>
  fetchData(confirmDealCall, { body }, { showSuccess: true });

export const submitReceiving = (body: Body<typeof submitReceivingCall>) =>
  fetchData(submitReceivingCall, { body }, { showSuccess: true });

export const saveLicence = (body: Body<typeof saveLicenceCall>) =>
  fetchData(saveLicenceCall, { body }, { showSuccess: true });

// ---- the dismantling records

export const updateRecord = (body: Body<typeof updateRecordCall>) =>
  fetchData(updateRecordCall, { body }, { showSuccess: true });

export const verifyRecordStep = (body: Body<typeof verifyRecordStepCall>) =>
  fetchData(verifyRecordStepCall, { body }, { showSuccess: true });

export const backRecordStep = (body: Body<typeof backRecordStepCall>) =>
  fetchData(backRecordStepCall, { body }, { showSuccess: true });

export const submitRecord = (body: Body<typeof submitRecordCall>) =>
  fetchData(submitRecordCall, { body }, { showSuccess: true });

export const terminateRecord = (body: Body<typeof terminateRecordCall>) =>
  fetchData(terminateRecordCall, { body }, { showSuccess: true });

export const sendRecordSignCode = async (id: number): Promise<void> => {
  await fetchData(sendRecordSignCodeCall, { body: { id } }, { showSuccess: true });
};

export const checkRecordSignCode = (id: number, otp: string) =>
  callApi(checkRecordSignCodeCall, { body: { id, otp } });

export const signRecord = (request: SignRequest) =>
  callApi(signRecordCall, { body: request }, { timeoutMs: TIMEOUTS.signatureAndSubmitMs });
