// Every route of the portal beyond the entry's, built from the domain route table (SH-2.1, SH-2.3, SH-2.13,
// SH-2.14, BF-2.x). React Router patches these in under the root on the first navigation that needs them.
//
//   shell (antd, lazy)
//   ├─ /retrieve, /transferorOpen, /verify ... before sign-in (PUBLIC_ROUTE_NAMES)
//   └─ signed-in (guard on every navigation)
//      ├─ /auth, /signature, /welcomePage ...  the top-level pages of the onboarding gates
//      └─ /index (layout, lazy)
//         └─ one lazy page per /index route of the table
//
// A page whose screen is not built yet renders ModulePlaceholder. The /index pages share one error boundary
// inside the layout, so a page chunk that fails to load leaves the header, menu and tabs in place (SH-8.12). It
// is a pathless route of its own on purpose: React Router renders nothing below a route whose lazy() is still
// unresolved, and a route whose lazy() rejected stays unresolved, so it cannot show its own error element.
// Top-level pages fail to the root's error element.
import type { RouteObject } from 'react-router';
import { findRouteByName, PUBLIC_ROUTE_NAMES, ROUTES } from '@cqjy/domain/routes';
import type { RouteDef } from '@cqjy/domain/routes';
import { REGISTRY_ROUTES, type RegistryRoutes } from '@cqjy/domain/registries/pages';
import { findAction } from '@cqjy/domain/workflow/actions';
import { familiesOfScreens, listWorkflowRoutes } from '@cqjy/domain/workflow/families';
import { redirectToStart } from './guards.ts';
import { getSession, hasValidLogin } from '../lib/session-store.ts';
import type { PageHandle } from '../lib/route-handle.ts';
import { RouteError } from './route-error.tsx';
import { guardSignedIn } from './session-guard.ts';

type LazyPage = NonNullable<RouteObject['lazy']>;

/** A lazy route that renders one named export of a feature's index. */
function pageOf<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): LazyPage {
  return async () => ({ Component: pick(await load()) });
}

const loadFeature = {
  home: () => import('../features/home/index.ts'),
  company: () => import('../features/company/index.ts'),
  companyList: () => import('../features/company-list/index.ts'),
  welcome: () => import('../features/welcome/index.ts'),
  accountOpening: () => import('../features/account-opening/index.ts'),
  identity: () => import('../features/identity/index.ts'),
  signature: () => import('../features/signature/index.ts'),
  profile: () => import('../features/profile/index.ts'),
  tasks: () => import('../features/tasks/index.ts'),
  projects: () => import('../features/projects/index.ts'),
  plans: () => import('../features/plans/index.ts'),
  reminder: () => import('../features/reminder/index.ts'),
  watches: () => import('../features/watches/index.ts'),
  investors: () => import('../features/investors/index.ts'),
  registries: () => import('../features/registries/index.ts'),
  orders: () => import('../features/orders/index.ts'),
  refundTickets: () => import('../features/refund-tickets/index.ts'),
  deposits: () => import('../features/deposits/index.ts'),
  signedFiles: () => import('../features/signed-files/index.ts'),
  verify: () => import('../features/verify/index.ts'),
  documents: () => import('../features/documents/index.ts'),
  logs: () => import('../features/logs/index.ts'),
  smsAdmin: () => import('../features/sms-admin/index.ts'),
  dictionary: () => import('../features/dictionary/index.ts'),
  account: () => import('../features/account/index.ts'),
  statistics: () => import('../features/statistics/index.ts'),
  intentions: () => import('../features/intentions/index.ts'),
  bidding: () => import('../features/bidding/index.ts'),
  deliveries: () => import('../features/deliveries/index.ts'),
  vehicles: () => import('../features/vehicles/index.ts'),
};

/**
 * The workflow screens, from the registry: every family's project view ({family}ShowProject) goes to the project
 * page, and every step of an action the engine serves (application, edit, return, letter, information record,
 * read-only view) to the generic step page.
 */
function workflowPages(): Record<string, LazyPage> {
  const stepPage = pageOf(loadFeature.projects, (m) => m.ProjectStepPage);
  const projectPage = pageOf(loadFeature.projects, (m) => m.ProjectViewPage);
  const pages: Record<string, LazyPage> = {};
  for (const route of listWorkflowRoutes()) {
    if (route.action === 'show') pages[route.name] = projectPage;
    else if (
      familiesOfScreens(route.screens).some((family) => findAction(family, route.action) !== undefined)
    ) {
      pages[route.name] = stepPage;
    }
  }
  return pages;
}

/**
 * The registries of the company's own records (企业客户, 自然人客户 ...): every registry's routes go to the one kit
 * of pages, which finds the registry by the route it is on. A registry whose pages are top-level (the land
 * parcels of /landManage) is drawn inside the land frame, with 进入门户.
 */
function registryPages(): Record<string, LazyPage> {
  type Registries = Awaited<ReturnType<typeof loadFeature.registries>>;
  const kitPage =
    (pick: (m: Registries) => React.ComponentType, isTopLevel: boolean): LazyPage =>
    async () => {
      const Page = pick(await loadFeature.registries());
      if (!isTopLevel) return { Component: Page };
      const { LandFrame } = await import('./pages/land-manage-page.tsx');
      return {
        Component: () => (
          <LandFrame>
            <Page />
          </LandFrame>
        ),
      };
    };
  const pages: Record<string, LazyPage> = {};
  for (const routes of Object.values<RegistryRoutes>(REGISTRY_ROUTES)) {
    const isTopLevel = findRouteByName(routes.list)?.topLevel === true;
    pages[routes.list] = kitPage((m) => m.RegistryListPage, isTopLevel);
    pages[routes.add] = kitPage((m) => m.RegistryFormPage, isTopLevel);
    pages[routes.edit] = kitPage((m) => m.RegistryFormPage, isTopLevel);
    pages[routes.show] = kitPage((m) => m.RegistryShowPage, isTopLevel);
    if (routes.import !== undefined) pages[routes.import] = kitPage((m) => m.RegistryImportPage, isTopLevel);
  }
  return pages;
}

/** The built pages, by route name; every other route renders a placeholder saying 暂未开放. */
const PAGES: Readonly<Record<string, LazyPage>> = {
  home: pageOf(loadFeature.home, (m) => m.HomePage),
  company: pageOf(loadFeature.company, (m) => m.CompanyPage),
  companyList: pageOf(loadFeature.companyList, (m) => m.CompanyListPage),
  userCenter: pageOf(loadFeature.profile, (m) => m.UserCenterPage),
  watchList: pageOf(loadFeature.watches, (m) => m.WatchesPage),
  welcomePage: pageOf(loadFeature.welcome, (m) => m.WelcomePage),
  transferorOpenTip: pageOf(loadFeature.accountOpening, (m) => m.TransferorOpenTipPage),
  transferorOpen: pageOf(loadFeature.accountOpening, (m) => m.TransferorOpenPage),
  auth: pageOf(loadFeature.identity, (m) => m.AuthPage),
  scanCode: pageOf(loadFeature.identity, (m) => m.ScanCodePage),
  scanCodeWin: pageOf(loadFeature.identity, (m) => m.ScanCodeWinPage),
  faceConfirm: pageOf(loadFeature.identity, (m) => m.FaceConfirmPage),
  perfectInformation: pageOf(loadFeature.identity, (m) => m.PerfectInformationPage),
  topSignature: pageOf(loadFeature.signature, (m) => m.SignaturePage),
  retrieve: pageOf(loadFeature.profile, (m) => m.RetrievePage),
  retrieveUserName: pageOf(loadFeature.profile, (m) => m.RetrieveUserNamePage),
  todo: pageOf(loadFeature.tasks, (m) => m.TodoPage),
  done: pageOf(loadFeature.tasks, (m) => m.DonePage),
  launch: pageOf(loadFeature.tasks, (m) => m.LaunchPage),
  todoEstimate: pageOf(loadFeature.tasks, (m) => m.TodoEstimatePage),
  doneEstimate: pageOf(loadFeature.tasks, (m) => m.DoneEstimatePage),
  project: pageOf(loadFeature.projects, (m) => m.ProjectListPage),
  estimateList: pageOf(loadFeature.projects, (m) => m.EvaluationListPage),
  addproject: pageOf(loadFeature.projects, (m) => m.ProjectFormPage),
  editproject: pageOf(loadFeature.projects, (m) => m.ProjectFormPage),
  showproject: pageOf(loadFeature.projects, (m) => m.ShowProjectRedirect),
  plan: pageOf(loadFeature.plans, (m) => m.PlanListPage),
  planAdd: pageOf(loadFeature.plans, (m) => m.PlanFormPage),
  planEdit: pageOf(loadFeature.plans, (m) => m.PlanFormPage),
  planShow: pageOf(loadFeature.plans, (m) => m.PlanShowPage),
  reminder: pageOf(loadFeature.reminder, (m) => m.ReminderPage),
  order: pageOf(loadFeature.orders, (m) => m.OrderListPage),
  refundTicket: pageOf(loadFeature.refundTickets, (m) => m.RefundTicketListPage),
  refundTicketShow: pageOf(loadFeature.refundTickets, (m) => m.RefundTicketShowPage),
  refundTicketApply: pageOf(loadFeature.refundTickets, (m) => m.RefundTicketApplyPage),
  refundTicketModify: pageOf(loadFeature.refundTickets, (m) => m.RefundTicketApplyPage),
  refundTicketApplyShow: pageOf(loadFeature.refundTickets, (m) => m.RefundTicketApplyShowPage),
  // 电签文件 under /index (the spec's `signature`; the top-level /signature is topSignature)
  signature: pageOf(loadFeature.signedFiles, (m) => m.SignedFileListPage),
  verify: pageOf(loadFeature.verify, (m) => m.VerifyPage),
  received: pageOf(loadFeature.documents, (m) => m.DocumentListPage),
  receivedAdd: pageOf(loadFeature.documents, (m) => m.DocumentFormPage),
  receivedEdit: pageOf(loadFeature.documents, (m) => m.DocumentFormPage),
  receivedShow: pageOf(loadFeature.documents, (m) => m.DocumentShowPage),
  sending: pageOf(loadFeature.documents, (m) => m.DocumentListPage),
  sendingAdd: pageOf(loadFeature.documents, (m) => m.DocumentFormPage),
  sendingEdit: pageOf(loadFeature.documents, (m) => m.DocumentFormPage),
  sendingShow: pageOf(loadFeature.documents, (m) => m.DocumentShowPage),
  logs: pageOf(loadFeature.logs, (m) => m.LogsPage),
  textMessage: pageOf(loadFeature.smsAdmin, (m) => m.TextMessagePage),
  dictionary: pageOf(loadFeature.dictionary, (m) => m.DictionaryPage),
  account: pageOf(loadFeature.account, (m) => m.AccountListPage),
  accountAdd: pageOf(loadFeature.account, (m) => m.AccountFormPage),
  accountEdit: pageOf(loadFeature.account, (m) => m.AccountFormPage),
  accountShow: pageOf(loadFeature.account, (m) => m.AccountShowPage),
  accountChange: pageOf(loadFeature.account, (m) => m.AccountChangePage),
  comprehensiveQuery: pageOf(loadFeature.statistics, (m) => m.QueryPage),
  income: pageOf(loadFeature.statistics, (m) => m.IncomePage),
  deposit: pageOf(loadFeature.deposits, (m) => m.DepositLedgerPage),
  ...workflowPages(),
  // after the workflow's: the ledger's detail (ledgerSmallShow) is a step name of the registry's ledger group, drawn
  // by the registries kit
  ...registryPages(),
  // The investors of a capital increase are a module of their own, not the engine's (MODULE_ACTIONS): these win
  // over any workflow route of the same name.
  capInvestorAon: pageOf(loadFeature.investors, (m) => m.InvestorFormPage),
  capInvestorShow: pageOf(loadFeature.investors, (m) => m.InvestorShowPage),
  capShow: pageOf(loadFeature.investors, (m) => m.InvestorShowPage),
  capOpenInvestorAudit: pageOf(loadFeature.investors, (m) => m.InvestorAuditPage),
  // 代理意向方 lists both the intention registrations and the investor registrations (the latter as a tab)
  intentionPro: pageOf(loadFeature.intentions, (m) => m.IntentionProPage),
  addIntention: pageOf(loadFeature.intentions, (m) => m.IntentionFormPage),
  bulkShow: pageOf(loadFeature.intentions, (m) => m.IntentionShowPage),
  rightShow: pageOf(loadFeature.intentions, (m) => m.IntentionShowPage),
  paperlessShow: pageOf(loadFeature.intentions, (m) => m.IntentionShowPage),
  biddingHall: pageOf(loadFeature.bidding, (m) => m.BiddingHallPage),
  // a dealt batch's handover is a module of its own, not the engine's (isModuleAction)
  smallDelivery: pageOf(loadFeature.deliveries, (m) => m.DeliveryPage),
  // a vehicle disposal's steps over its vehicles are the vehicles module's (isModuleAction); its project page tells
  // its owner and the exchange from the firm, a dismantler or the public
  vehicleShowProject: async () => ({
    Component: (await import('./pages/vehicle-project-page.tsx')).VehicleProjectPage,
  }),
  vehicleInfoAon: pageOf(loadFeature.vehicles, (m) => m.VehicleInfoPage),
  vehicleInfoEdit: pageOf(loadFeature.vehicles, (m) => m.VehicleInfoPage),
  disposalAssessmentOpinion: pageOf(loadFeature.vehicles, (m) => m.AssessmentOpinionPage),
  disposalExpertOpinion: pageOf(loadFeature.vehicles, (m) => m.ExpertOpinionPage),
  disposalResultConfirm: pageOf(loadFeature.vehicles, (m) => m.ResultConfirmPage),
  vehicleHangingTagEicSre: pageOf(loadFeature.vehicles, (m) => m.VehicleSignPage),
  vehicleRevokeEicSre: pageOf(loadFeature.vehicles, (m) => m.VehicleSignPage),
  vehicleBatchEicSre: pageOf(loadFeature.vehicles, (m) => m.BatchSignPage),
  vehicleDealConfirm: pageOf(loadFeature.vehicles, (m) => m.DealConfirmPage),
  disposalReceivingAon: pageOf(loadFeature.vehicles, (m) => m.ReceivingPage),
  vehicleDelivery: pageOf(loadFeature.vehicles, (m) => m.ReceivingPage),
  disposalBreakup: pageOf(loadFeature.vehicles, (m) => m.RecordPage),
  disposalDisintegrate: pageOf(loadFeature.vehicles, (m) => m.RecordPage),
};

const loadModulePlaceholder: LazyPage = async () => ({
  Component: (await import('./pages/module-placeholder.tsx')).ModulePlaceholder,
});
const loadGatePlaceholder: LazyPage = async () => ({
  Component: (await import('./pages/gate-placeholder.tsx')).GatePlaceholder,
});

/** Top-level routes the entry chunk already has. */
const ENTRY_ROUTE_NAMES: ReadonlySet<string> = new Set(['login', 'notFound']);

function Redirecting() {
  return null;
}

function toRoute(route: RouteDef, path: string, lazy: LazyPage): RouteObject {
  const handle: PageHandle = { route };
  return { path, handle, lazy };
}

function lazyForIndexPage(route: RouteDef): LazyPage {
  return PAGES[route.name] ?? loadModulePlaceholder;
}

function lazyForTopLevelPage(route: RouteDef): LazyPage {
  return PAGES[route.name] ?? loadGatePlaceholder;
}

export function buildPortalRoutes(table: readonly RouteDef[] = ROUTES): RouteObject[] {
  const topLevel = table.filter((route) => route.topLevel === true && !ENTRY_ROUTE_NAMES.has(route.name));
  const publicPages = topLevel.filter((route) => PUBLIC_ROUTE_NAMES.has(route.name));
  const gatePages = topLevel.filter((route) => !PUBLIC_ROUTE_NAMES.has(route.name));
  const indexPages = table.filter((route) => route.topLevel !== true && route.path.startsWith('/index/'));

  return [
    {
      id: 'shell',
      lazy: async () => ({ Component: (await import('./antd-shell.tsx')).AntdShell }),
      children: [
        ...publicPages.map((route) => toRoute(route, route.path.slice(1), lazyForTopLevelPage(route))),
        {
          id: 'signed-in',
          loader: guardSignedIn,
          // The session, the gates and the permissions are checked on every move, not only on entering.
          shouldRevalidate: () => true,
          children: [
            ...gatePages.map((route) => toRoute(route, route.path.slice(1), lazyForTopLevelPage(route))),
            {
              id: 'index',
              path: 'index',
              lazy: async () => {
                const { AppLayout, applyAutoCollapse } = await import('./layout/app-layout.tsx');
                // Settled before the first render: a new browser tab starts expanded, and collapsing it from an
                // effect would render the whole menu twice on a narrow screen. The chunk may arrive after the
                // guard has already emptied the storages of a refused session; nothing is written back then.
                if (hasValidLogin(getSession(), Date.now())) applyAutoCollapse();
                return { Component: AppLayout };
              },
              children: [
                { index: true, loader: redirectToStart, Component: Redirecting },
                {
                  id: 'pages',
                  errorElement: <RouteError />,
                  children: indexPages.map((route) =>
                    toRoute(route, route.path.slice('/index/'.length), lazyForIndexPage(route)),
                  ),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

let portalRoutes: RouteObject[] | null = null;

/** The portal routes, built once per page load. */
export function listPortalRoutes(): RouteObject[] {
  portalRoutes ??= buildPortalRoutes();
  return portalRoutes;
}
