// Builds the Fastify application from its dependencies. Nothing here reads the environment or opens a database:
// main.ts does that for production, the test harness for tests. Plugins load external -> platform -> modules.
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';
import {
  CAPITAL_INCREASE_FAMILIES,
  MSG,
  PRICE_APPROVAL_TAG,
  PROJECT_FAMILIES,
  readProjectForm,
  rediscoveryPriceRefusal,
  VEHICLE_LETTER_ACTIONS,
} from '@cqjy/domain';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db, DbDriver } from './db/client.ts';
import { registerHousekeeping } from './housekeeping.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { attachmentsRoutes } from './modules/attachments/routes.ts';
import { createAttachmentsService } from './modules/attachments/service.ts';
import { createLogsService } from './modules/audit/logs.ts';
import { createRefusalAuditor } from './modules/audit/refusals.ts';
import { logsRoutes } from './modules/audit/routes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createBiddingHub } from './modules/bidding/events.ts';
import { biddingRoutes } from './modules/bidding/routes.ts';
import { createBiddingService } from './modules/bidding/service.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createDictionariesAdmin } from './modules/dictionaries/admin.ts';
import { dictionariesAdminRoutes } from './modules/dictionaries/admin-routes.ts';
import { dictionariesRoutes } from './modules/dictionaries/routes.ts';
import { createDictionariesService } from './modules/dictionaries/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { homepageRoutes } from './modules/homepage/routes.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { createIdentityService } from './modules/identity/service.ts';
import { createHomepageService } from './modules/homepage/service.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { createNotificationsService } from './modules/notifications/service.ts';
import { otpRoutes } from './modules/otp/routes.ts';
import { createOtpService } from './modules/otp/service.ts';
import { operatorsRoutes } from './modules/operators/routes.ts';
import { createOperatorsService } from './modules/operators/service.ts';
import { plansRoutes } from './modules/plans/routes.ts';
import { createPlansService } from './modules/plans/service.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { projectExportsRoutes } from './modules/projects/exports-routes.ts';
import { createProjectExportsService } from './modules/projects/exports-service.ts';
import { projectParticipantsRoutes } from './modules/projects/participants-routes.ts';
import { createProjectParticipantsService } from './modules/projects/participants-service.ts';
import { projectsRoutes } from './modules/projects/routes.ts';
import { createProjectsService } from './modules/projects/service.ts';
import { projectSheetsRoutes } from './modules/projects/sheets-routes.ts';
import { projectTransfereesRoutes } from './modules/projects/transferees-routes.ts';
import { createProjectTransfereesService } from './modules/projects/transferees-service.ts';
import { createProjectSheetsService } from './modules/projects/sheets-service.ts';
import { createProfileService } from './modules/profile/service.ts';
import { createRateLimitsService } from './modules/rate-limits/service.ts';
import { signaturesRoutes } from './modules/signatures/routes.ts';
import { createSignaturesService } from './modules/signatures/service.ts';
import { signedFilesRoutes } from './modules/signed-files/routes.ts';
import { createSignedFilesService } from './modules/signed-files/service.ts';
import { smsRoutes } from './modules/sms/routes.ts';
import { createSmsService } from './modules/sms/service.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { createUsersService } from './modules/users/service.ts';
import { investorsRoutes } from './modules/investors/routes.ts';
import { listingsRoutes } from './modules/listings/routes.ts';
import { createListingsService } from './modules/listings/service.ts';
import { deliveriesRoutes } from './modules/deliveries/routes.ts';
import { createDeliveriesService } from './modules/deliveries/service.ts';
import { registriesRoutes } from './modules/registries/routes.ts';
import { createRegistriesService } from './modules/registries/service.ts';
import { registryCustomersRoutes } from './modules/registries/customers-routes.ts';
import {
  createBankAccountLookup,
  createInvoiceTitleLookup,
  createOwnCustomerCheck,
  createRegistryCustomers,
} from './modules/registries/customers.ts';
import { refundTicketsRoutes } from './modules/refund-tickets/routes.ts';
import { createRefundTicketsService } from './modules/refund-tickets/service.ts';
import { documentsRoutes } from './modules/documents/routes.ts';
import { createDocumentsService } from './modules/documents/service.ts';
import { intentionsRoutes } from './modules/intentions/routes.ts';
import { depositsRoutes } from './modules/deposits/routes.ts';
import { createDepositsService } from './modules/deposits/service.ts';
import { createIntentionsService } from './modules/intentions/service.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { createOrdersService } from './modules/orders/service.ts';
import { registryStartsRoutes } from './modules/registries/starts-routes.ts';
import { createRegistryStartsService } from './modules/registries/starts.ts';
import { createLedger } from './modules/registries/ledger.ts';
import { createInvestorsService } from './modules/investors/service.ts';
import { statisticsRoutes } from './modules/statistics/routes.ts';
import { createStatisticsService } from './modules/statistics/service.ts';
import { workflowRoutes } from './modules/workflow/routes.ts';
import { findApprovedPayout } from './modules/workflow/payouts.ts';
import { createTasksService } from './modules/tasks/service.ts';
import { vehiclesRoutes } from './modules/vehicles/routes.ts';
import { createVehiclesService } from './modules/vehicles/service.ts';
import { tasksRoutes } from './modules/tasks/routes.ts';
import { createWorkflowService } from './modules/workflow/service.ts';
import { registerAuth } from './platform/auth.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { createRateLimitStore } from './platform/rate-limit-store.ts';
import { AppError } from './platform/errors.ts';
import { createLogger } from './platform/logger.ts';
import { createOtcClient } from './platform/otc.ts';
import { registerSecurity } from './platform/security.ts';
import type { ModuleDeps } from './module-deps.ts';
import { createSmsProvider, type SmsProvider } from './platform/sms.ts';
import { registerStaticWeb } from './platform/static-web.ts';
import { createStorage } from './platform/storage-drivers.ts';
import type { Storage } from './platform/storage.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  /** defaults to the driver the configuration selects */
  driver?: DbDriver;
  logger?: Logger;
  /** where log lines go when no logger is given (tests capture them) */
  logStream?: Writable;
  clock?: Clock;
  /** delivers outbox messages; defaults to the provider the configuration selects (SMS_HTTP_URL, else the log) */
  smsProvider?: SmsProvider;
  /** where file bytes go; defaults to the driver the configuration selects (closed with the app) */
  storage?: Storage;
};

/**
 * Request ids: short enough to read out over the phone, unique in the logs of a day. A random prefix per process
 * and a counter: unique without asking the random generator at every request.
 */
function createRequestIds(): () => string {
  const prefix = randomBytes(3).toString('hex');
  let next = 0;
  return () => {
    next = (next + 1) % 0x1000000;
    return `${prefix}${next.toString(16).padStart(6, '0')}`;
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;
  const loggerInstance: FastifyBaseLogger = deps.logger ?? createLogger(config, deps.logStream);
  const app = Fastify({
    loggerInstance,
    genReqId: createRequestIds(),
    requestIdHeader: false,
    trustProxy: config.isBehindProxy,
  });

  // external
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerEmptyJsonBody(app);
  registerSecurity(app);
  // counted in the database, so that every node behind the load balancer applies one limit
  const rateLimits = createRateLimitsService({ db, clock });
  await app.register(rateLimit, {
    global: false,
    store: createRateLimitStore(rateLimits.counter),
    errorResponseBuilder: () => new AppError(429, MSG.tooManyRequests, 429),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: '产权交易机构服务中台 API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // platform
  const audit = createAuditService({ clock });
  // access refusals (401, 403, 404) are audited, a flood of them capped
  registerErrorHandler(app, {
    onAccessRefused: createRefusalAuditor({ db, audit, clock, log: loggerInstance }),
  });
  const users = createUsersService({ db, audit, clock, config });
  const sms = createSmsService({
    db,
    clock,
    audit,
    provider: deps.smsProvider ?? createSmsProvider(config, loggerInstance),
    log: loggerInstance,
  });
  const otp = createOtpService({ db, clock, config, sms });
  const auth = createAuthService({
    db,
    config,
    clock,
    users,
    audit,
    rateLimits,
    // the otp module checks a sign-in code for the auth module, which so names no module above it
    checkSignInCode: ({ mobile, code }) => otp.check({ mobile, purpose: 'login', code, isConsuming: true }),
  });
  const homepage = createHomepageService({ clock });
  const storage = deps.storage ?? createStorage(config);
  if (deps.storage === undefined) app.addHook('onClose', () => storage.close());
  const attachments = createAttachmentsService({ db, storage, audit, clock });
  const dictionaries = createDictionariesService({ db, users, clock });
  registerAuth(app, { resolveSession: auth.resolveSession });
  await registerStaticWeb(app, config.webDist);

  // modules
  await app.register(healthRoutes, {
    db,
    driver: deps.driver ?? (config.databaseUrl === undefined ? 'pglite' : 'pg'),
  });
  await app.register(authRoutes, { auth, config });
  await app.register(usersRoutes, { users });
  await app.register(otpRoutes, { otp, auth, users, config });
  await app.register(smsRoutes, { sms });
  await app.register(homepageRoutes, { homepage });
  await app.register(attachmentsRoutes, { attachments });
  await app.register(dictionariesRoutes, { dictionaries });
  // raised by the business modules inside their transactions, read by the receiving company
  const notifications = createNotificationsService({ db, clock });
  await app.register(notificationsRoutes, { notifications });
  // the home page's 消息提醒 card counts what the header's bell counts
  homepage.registerCounter('messages', async (session) => (await notifications.unreadCount(session)).count);
  // the task centre: every decision waiting on someone, opened and closed by the module owning its subject
  const tasks = createTasksService({ db, users, homepage });
  await app.register(tasksRoutes, { tasks });

  // business modules: each service factory picks what it needs from the same dependencies
  const moduleDeps: ModuleDeps = {
    db,
    config,
    clock,
    log: loggerInstance,
    storage,
    audit,
    users,
    auth,
    sms,
    otp,
    attachments,
    dictionaries,
    homepage,
    notifications,
    tasks,
  };
  await app.register(accountsRoutes, { accounts: createAccountsService(moduleDeps) });
  await app.register(identityRoutes, { identity: createIdentityService(moduleDeps) });
  // one signatures service: the workflow engine signs letters with its loadSigner (same certificate authority)
  const signatures = createSignaturesService(moduleDeps);
  await app.register(signaturesRoutes, { signatures });
  // 电签文件 and the public verification: checked against the root that signs the portal's certificates
  await app.register(signedFilesRoutes, {
    signedFiles: createSignedFilesService({
      ...moduleDeps,
      loadTrustedRoots: async () => [await signatures.getRootCertificatePem()],
    }),
  });
  await app.register(profileRoutes, { profile: createProfileService(moduleDeps) });
  const projects = createProjectsService({
    ...moduleDeps,
    otc: config.otc === undefined ? undefined : createOtcClient(config.otc),
  });
  await app.register(projectsRoutes, { projects });
  const projectExports = createProjectExportsService({ ...moduleDeps, projects });
  // the public disclosure site: publishes every project change through its kind's publication, in its transaction
  const listings = createListingsService({
    ...moduleDeps,
    projects,
    announcement: projectExports.publicAnnouncement,
  });
  await app.register(listingsRoutes, { listings });
  // a database whose projects predate the site (an upgrade, the demo seeded before the app) is published once
  app.addHook('onReady', () => listings.publishIfEmpty());
  app.addHook('preClose', async () => {
    listings.stop();
    await listings.flushVisits();
  });
  // the engine, made before the deal's modules: they record the deals they decide in its process log
  const workflow = createWorkflowService({ ...moduleDeps, projects, signatures });
  // 代理意向登记 and its deposits: made here, as the housekeeping's deposit deadlines step is its; routed below
  const intentions = createIntentionsService({
    ...moduleDeps,
    signatures,
    projects,
    processLog: workflow,
    isOwnCustomer: createOwnCustomerCheck(db),
    depositAccountPrefix: config.depositBank.settlementPrefix,
  });
  // the bidding hall: its fan-out across nodes is PostgreSQL's LISTEN/NOTIFY on a real database, else in process
  const bidding = createBiddingService({
    ...moduleDeps,
    signatures,
    projects,
    processLog: workflow,
    dictionaries,
    intentions,
    hub: createBiddingHub({ db, log: loggerInstance }),
  });
  app.addHook('onReady', () => bidding.start());
  app.addHook('preClose', () => bidding.stop());
  await app.register(biddingRoutes, { bidding });
  // the periodic purge, and the reminders that come due with time (the projects' disclosure deadlines)
  registerHousekeeping(app, {
    db,
    driver: deps.driver ?? (config.databaseUrl === undefined ? 'pglite' : 'pg'),
    log: loggerInstance,
    intervalS: config.purgeIntervalS,
    auth,
    attachments,
    rateLimits,
    projects,
    bidding,
    intentions,
  });
  await app.register(projectSheetsRoutes, {
    sheets: createProjectSheetsService({ ...moduleDeps, projects }),
  });
  await app.register(projectTransfereesRoutes, {
    transferees: createProjectTransfereesService({ ...moduleDeps, projects }),
  });
  await app.register(projectParticipantsRoutes, {
    participants: createProjectParticipantsService({ ...moduleDeps, projects }),
  });
  await app.register(projectExportsRoutes, { exports: projectExports });
  const plans = createPlansService({ ...moduleDeps, projects });
  await app.register(plansRoutes, { plans });
  await app.register(workflowRoutes, { workflow });
  const ledger = createLedger({ ...moduleDeps, findCompany: (id) => moduleDeps.users.findCompany(id) });
  await app.register(registriesRoutes, { registries: createRegistriesService(moduleDeps), ledger });
  await app.register(registryStartsRoutes, {
    starts: createRegistryStartsService({ ...moduleDeps, projects, plans }),
    ledger,
  });
  // a small lot follows its project: dealt on the confirmed result, delivered when the buyer signs for the goods
  workflow.registerApprovalEffect(['small'], 'resultConfirm', ledger.follow('已成交'));
  await app.register(deliveriesRoutes, {
    deliveries: createDeliveriesService({
      ...moduleDeps,
      projects,
      intentions,
      ledger,
      processLog: workflow,
    }),
  });
  const customers = createRegistryCustomers(moduleDeps.db);
  await app.register(registryCustomersRoutes, { customers });
  const investors = createInvestorsService({ ...moduleDeps, projects, customers });
  await app.register(investorsRoutes, { investors });
  // a contract approved bills the project's service fee; a price deduction approved pays it
  const orders = createOrdersService({
    ...moduleDeps,
    serviceFee: async (executor, family, amount, day) =>
      (await dictionaries.serviceFeeQuote(family, amount, day, executor)) ?? {
        fee: 0,
        lines: [],
        scheduleFrom: '',
      },
    findInvoiceTitle: createInvoiceTitleLookup(moduleDeps.db),
  });
  await app.register(ordersRoutes, { orders });
  workflow.registerApprovalEffect(PROJECT_FAMILIES, 'contract', orders.billContract);
  workflow.registerApprovalEffect(PROJECT_FAMILIES, 'priceDeduction', orders.markDeducted);
  // a small lot has no contract screen: its confirmed result is the deal that bills the fee
  workflow.registerApprovalEffect(['small'], 'resultConfirm', orders.billContract);
  // a payout the bank returned, applied for again to a corrected account
  await app.register(refundTicketsRoutes, {
    tickets: createRefundTicketsService({
      ...moduleDeps,
      signatures,
      findPayout: findApprovedPayout,
      findBankAccount: createBankAccountLookup(moduleDeps.db),
    }),
  });
  // documents between the exchange and a company (收文管理, 发文管理), a sent one e-signed as refund tickets are
  await app.register(documentsRoutes, {
    documents: createDocumentsService({ ...moduleDeps, signatures }),
  });
  // a member's intention registrations on disclosing projects, e-signed as sent documents are
  await app.register(intentionsRoutes, { intentions });
  // the deposit ledger: the bank's arrivals matched to the registrations they paid for
  await app.register(depositsRoutes, {
    deposits: createDepositsService({ ...moduleDeps, intentions, dictionaries, bank: config.depositBank }),
  });
  // a capital increase's agreement names the investors its selection chose
  workflow.registerPrecondition(CAPITAL_INCREASE_FAMILIES, 'contract', (db, { projectId }) =>
    investors.checkAgreementReady(db, projectId),
  );
  // a batch disclosed again below the dictionary's floor of its appraisal needs the approving body's consent
  workflow.registerPrecondition(['small'], 'rediscovery', async (db, { projectId, form, fileTags }) => {
    const project = await projects.findById(projectId, db);
    const appraisal = (project === undefined ? {} : readProjectForm(project)) as { appraisalPrice?: unknown };
    return rediscoveryPriceRefusal({
      startingPrice: typeof form.startingPrice === 'number' ? form.startingPrice : undefined,
      appraisal: typeof appraisal.appraisalPrice === 'number' ? appraisal.appraisalPrice : null,
      floorPercent: await dictionaries.ruleValue('rediscoveryPriceFloor', clock.now(), db),
      hasApproval: fileTags.has(PRICE_APPROVAL_TAG),
    });
  });

  // 综合类: the member's review names a buyer registered on the project; the transaction a confirmed one, at no less
  // than the listing price
  workflow.registerPrecondition(['unified'], 'memberIntentionReview', intentions.checkMemberReview);
  workflow.registerPrecondition(['unified'], 'transaction', intentions.checkTransaction);
  workflow.registerApprovalEffect(['unified'], 'transaction', intentions.settleTransaction);

  // 机动车处置: the application is the engine's (its vehicles its precondition and part of its letter; its approval
  // starts the appraisal); the rest of the course is the vehicles module's
  const vehicles = createVehiclesService({ ...moduleDeps, signatures, projects, processLog: workflow });
  await app.register(vehiclesRoutes, { vehicles });
  workflow.registerPrecondition(['motorVehicle'], 'disclosure', vehicles.checkApplication);
  workflow.registerPrecondition(['motorVehicle'], 'rediscovery', vehicles.checkRediscovery);
  workflow.registerLetterSupplement(['motorVehicle'], 'disclosure', vehicles.applicationLetter);
  workflow.registerApprovalEffect(['motorVehicle'], 'disclosure', vehicles.startDisposal);
  // the listing letters of many vehicles are signed as one batch (vehicleBatchEicSre)
  workflow.registerBatch('motorVehicle', VEHICLE_LETTER_ACTIONS.hangingTag, 'vehicleItem');

  await app.register(logsRoutes, { logs: createLogsService({ db, audit, clock }) });
  await app.register(dictionariesAdminRoutes, { admin: createDictionariesAdmin(moduleDeps) });
  await app.register(operatorsRoutes, { operators: createOperatorsService(moduleDeps) });
  await app.register(statisticsRoutes, { statistics: createStatisticsService(moduleDeps) });
  return app;
}

/**
 * Calls without a payload (logout, userinfo) may still be sent with a JSON content type; Fastify would refuse
 * the empty body, so it is read as no body instead. Non-empty bodies keep the default (prototype-safe) parser.
 */
function registerEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
