// 机动车处置 calls, served from their contracts (packages/domain/src/contracts/vehicles.ts and records.ts): the
// vehicles, the appraisal, the listing letters, the deal, the receiving, the licence and the dismantling records.
// Every caller with the project codes or the assessment institutions' may ask; the service answers by the caller's
// role on the disposal (context.ts): the owner, the exchange, the firm assigned, the dismantler dealt to, the public
// once listed; anyone else 404. A stale version 409.
import { formatMessage, MSG } from '@cqjy/domain';
import { EVALUATION_READER_CODES } from '@cqjy/domain/contracts/evaluations';
import { PROJECT_CODES } from '@cqjy/domain/contracts/projects';
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
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { readOrigin, requireSession } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAnyPermission } from '../../platform/guard.ts';
import { serve } from '../../platform/serve.ts';
import type { VehiclesService } from './service.ts';

export const vehiclesRoutes: FastifyPluginCallbackZod<{ vehicles: VehiclesService }> = (
  app,
  { vehicles },
  done,
) => {
  const guard = [app.authenticate, requireAnyPermission([...PROJECT_CODES, ...EVALUATION_READER_CODES])];
  const actorOf = (request: Parameters<typeof requireSession>[0]) => ({
    ...requireSession(request),
    ...readOrigin(request),
  });

  serve(app, showDisposalCall, guard, async ({ params }, request) =>
    ok(await vehicles.show(requireSession(request), params.id)),
  );

  // the vehicles of a draft
  serve(app, showVehicleCall, guard, async ({ params }, request) =>
    ok(await vehicles.showItem(requireSession(request), params.id)),
  );
  serve(app, saveVehicleCall, guard, async ({ body }, request) =>
    ok(await vehicles.saveItem(actorOf(request), body), MSG.vehicleSaved),
  );
  serve(app, updateVehicleCall, guard, async ({ params, body }, request) =>
    ok(await vehicles.updateItem(actorOf(request), params.id, body), MSG.vehicleSaved),
  );
  serve(app, deleteVehicleCall, guard, async ({ params, body }, request) =>
    ok(await vehicles.deleteItem(actorOf(request), params.id, body.version), MSG.vehicleDeleted),
  );
  // a file, not the envelope: left out of the contracts
  app.get(
    VEHICLE_TEMPLATE_PATH,
    { preValidation: guard, schema: { tags: ['vehicle'], summary: '下载处置车辆导入模板' } },
    async (_request, reply) => {
      const file = await vehicles.template();
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-length', String(file.bytes.length))
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
  serve(app, previewVehicleImportCall, guard, async ({ body }, request) => {
    const preview = await vehicles.previewImport(actorOf(request), body);
    return ok(
      preview,
      formatMessage(MSG.vehicleImportPreviewed, { total: preview.total, invalid: preview.invalid }),
    );
  });
  serve(app, inputVehicleDataCall, guard, async ({ body }, request) => {
    const result = await vehicles.importItems(actorOf(request), body);
    return ok(result, formatMessage(MSG.vehicleImported, result));
  });

  // the appraisal
  serve(app, listAppraisersCall, guard, async () => ok(await vehicles.listAppraisers()));
  serve(app, assignAppraiserCall, guard, async ({ body }, request) =>
    ok(await vehicles.assignAppraiser(actorOf(request), body), MSG.vehicleAppraiserAssigned),
  );
  serve(app, saveAppraisalCall, guard, async ({ body }, request) =>
    ok(await vehicles.saveAppraisal(actorOf(request), body), MSG.vehicleAppraisalSaved),
  );
  serve(app, submitAppraisalCall, guard, async ({ body }, request) =>
    ok(await vehicles.submitAppraisal(actorOf(request), body), MSG.vehicleAppraisalSubmitted),
  );
  serve(app, saveExpertOpinionCall, guard, async ({ body }, request) =>
    ok(await vehicles.saveExpertOpinion(actorOf(request), body), MSG.vehicleExpertSaved),
  );
  serve(app, deleteExpertOpinionCall, guard, async ({ params }, request) =>
    ok(await vehicles.deleteExpertOpinion(actorOf(request), params.id), MSG.vehicleExpertDeleted),
  );
  serve(app, confirmResultCall, guard, async ({ body }, request) =>
    ok(await vehicles.confirmResult(actorOf(request), body), MSG.vehicleResultConfirmed),
  );
  serve(app, returnResultCall, guard, async ({ body }, request) =>
    ok(await vehicles.returnResult(actorOf(request), body), MSG.vehicleResultReturned),
  );

  // the listing and revocation letters
  serve(app, sendVehicleSignCodeCall, guard, async ({ body }, request) =>
    ok(await vehicles.sendSignCode(actorOf(request), body.itemIds), MSG.otpSent),
  );
  serve(app, checkVehicleSignCodeCall, guard, async ({ body }, request) => {
    await vehicles.checkSignCode(actorOf(request), body.itemIds, body.otp);
    return ok(null);
  });
  serve(app, signVehicleCall, guard, async ({ body }, request) =>
    ok(await vehicles.signOne(actorOf(request), body), MSG.vehicleSigned),
  );
  // a batch of hundreds of letters signs for a while: the web waits up to signatureAndSubmitMs (BF-7.2)
  serve(app, signatureAndSubmitCall, guard, async ({ body }, request) => {
    const result = await vehicles.signatureAndSubmit(actorOf(request), body);
    return ok(result, formatMessage(MSG.vehicleBatchSigned, result));
  });
  serve(app, revokeVehicleCall, guard, async ({ body }, request) =>
    ok(await vehicles.revoke(actorOf(request), body), MSG.vehicleRevokeSubmitted),
  );

  // the deal, the receiving, the licence
  serve(app, listDismantlersCall, guard, async () => ok(await vehicles.listDismantlers()));
  serve(app, confirmDealCall, guard, async ({ body }, request) =>
    ok(await vehicles.confirmDeal(actorOf(request), body), MSG.vehicleDealConfirmed),
  );
  serve(app, submitReceivingCall, guard, async ({ body }, request) =>
    ok(await vehicles.submitReceiving(actorOf(request), body), MSG.vehicleReceivingSubmitted),
  );
  serve(app, showLicenceCall, guard, async (_input, request) =>
    ok(await vehicles.showLicence(requireSession(request))),
  );
  serve(app, saveLicenceCall, guard, async ({ body }, request) =>
    ok(await vehicles.saveLicence(actorOf(request), body), MSG.vehicleLicenceSaved),
  );

  // the dismantling records
  serve(app, showRecordCall, guard, async ({ params }, request) =>
    ok(await vehicles.showRecord(requireSession(request), params.id)),
  );
  serve(app, listRecordsCall, guard, async ({ params }, request) =>
    ok(await vehicles.listRecords(requireSession(request), params.id)),
  );
  serve(app, updateRecordCall, guard, async ({ body }, request) =>
    ok(await vehicles.updateRecord(actorOf(request), body), MSG.recordSaved),
  );
  serve(app, verifyRecordStepCall, guard, async ({ body }, request) =>
    ok(await vehicles.verifyStep(actorOf(request), body), MSG.recordVerified),
  );
  serve(app, backRecordStepCall, guard, async ({ body }, request) =>
    ok(await vehicles.backStep(actorOf(request), body), MSG.recordBack),
  );
  serve(app, submitRecordCall, guard, async ({ body }, request) =>
    ok(await vehicles.submitRecord(actorOf(request), body), MSG.recordSubmitted),
  );
  serve(app, sendRecordSignCodeCall, guard, async ({ body }, request) =>
    ok(await vehicles.sendRecordSignCode(actorOf(request), body.id), MSG.otpSent),
  );
  serve(app, checkRecordSignCodeCall, guard, async ({ body }, request) => {
    await vehicles.checkRecordSignCode(actorOf(request), body.id, body.otp);
    return ok(null);
  });
  serve(app, signRecordCall, guard, async ({ body }, request) =>
    ok(await vehicles.signRecord(actorOf(request), body), MSG.recordSigned),
  );
  serve(app, terminateRecordCall, guard, async ({ body }, request) =>
    ok(await vehicles.terminateRecord(actorOf(request), body), MSG.recordWithdrawn),
  );
  done();
};
