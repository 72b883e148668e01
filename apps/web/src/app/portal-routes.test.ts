// BF-2.2, BF-2.3: every route name of the bulk and coll groups resolves to a built screen of the workflow
// feature (the step page or the project view), never to the placeholder of a module not open yet.
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { ADMIN_MENU, AGENT_MENU, STANDARD_MENU } from '@cqjy/domain/menus';
import { findAction, isModuleAction } from '@cqjy/domain/workflow/actions';
import { familiesOfScreens, listWorkflowRoutes } from '@cqjy/domain/workflow/families';
import { buildPortalRoutes } from './portal-routes.tsx';
import { ModulePlaceholder } from './pages/module-placeholder.tsx';
import { ProjectStepPage, ProjectViewPage } from '../features/projects/index.ts';
import { RegistryShowPage } from '../features/registries/index.ts';

/** Every route of the tree with its full path. */
function flatten(routes: readonly RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    return [{ path, route }, ...flatten(route.children ?? [], path)];
  });
}

describe('the bulk and coll screens', () => {
  const routes = flatten(buildPortalRoutes());
  const names = listWorkflowRoutes().filter((r) => r.screens === 'bulk' || r.screens === 'coll');

  it('are all mounted under /index/<route name>', () => {
    // per family: the project view, 9 actions with application, return and letter, the contract's edit, the
    // transfer's application and return, the disclosure's return and letter, 4 letter-only screens, and the
    // refund cash-out letter (a derived name: the spec lists its calls, not its screen)
    expect(names.filter((r) => r.screens === 'bulk')).toHaveLength(1 + 27 + 1 + 2 + 2 + 4 + 1);
    expect(names.filter((r) => r.screens === 'coll')).toHaveLength(38);
    for (const { name } of names) {
      expect(
        routes.some((r) => r.path === `/index/${name}`),
        name,
      ).toBe(true);
    }
  });

  it.each(names.map((r) => [r.name, r.step]))('%s (%s) opens its screen', async (name) => {
    const found = routes.find((r) => r.path === `/index/${name}`);
    const lazy = found?.route.lazy;
    expect(typeof lazy).toBe('function');
    const loaded = await (lazy as () => Promise<{ Component: unknown }>)();
    expect(loaded.Component).not.toBe(ModulePlaceholder);
    expect([ProjectStepPage, ProjectViewPage]).toContain(loaded.Component);
  });
});

describe('every family', () => {
  const routes = flatten(buildPortalRoutes());
  const lazyOf = async (name: string) => {
    const lazy = routes.find((r) => r.path === `/index/${name}`)?.route.lazy;
    return (await (lazy as () => Promise<{ Component: unknown }>)()).Component;
  };

  // BF-2.1 to BF-2.4: every route name of the registry opens a built screen, never the placeholder
  it('each step opens the step page, each project view the project page', async () => {
    const all = listWorkflowRoutes();
    expect(all).toHaveLength(233);
    const views = all.filter((r) => r.action === 'show');
    const steps = all.filter((r) => r.action !== 'show' && !isModuleAction(r.screens, r.action));
    expect(views.map((r) => r.name)).toContain('rightShowProject');
    expect(steps.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'smallAssetTransfer',
        'registrationEicSre',
        'rightEicSreF',
        'capContractEicSre',
      ]),
    );
    for (const r of steps) {
      const families = familiesOfScreens(r.screens);
      expect(families.length, r.name).toBeGreaterThan(0);
      for (const family of families) {
        expect(findAction(family, r.action), `${r.name}: served by the engine for ${family}`).toBeDefined();
      }
      expect(await lazyOf(r.name), r.name).toBe(ProjectStepPage);
    }
    // the ledger's detail is a row of the agent's ledger, drawn by the registries kit
    for (const r of views.filter((view) => view.name !== 'vehicleShowProject')) {
      const page = r.name === 'ledgerSmallShow' ? RegistryShowPage : ProjectViewPage;
      expect(await lazyOf(r.name), r.name).toBe(page);
    }
    // a vehicle disposal's page tells its owner and the exchange (the project page) from the other readers
    const { VehicleProjectPage } = await import('./pages/vehicle-project-page.tsx');
    expect(await lazyOf('vehicleShowProject')).toBe(VehicleProjectPage);
  });

  // The investors of a capital increase are a module of their own: its screens open its pages, not the engine's.
  it.each([
    ['capInvestorAon', 'InvestorFormPage'],
    ['capInvestorShow', 'InvestorShowPage'],
    ['capShow', 'InvestorShowPage'],
    ['capOpenInvestorAudit', 'InvestorAuditPage'],
  ] as const)('%s opens the investors module (%s)', async (name, page) => {
    const investors = await import('../features/investors/index.ts');
    expect(await lazyOf(name)).toBe(investors[page]);
  });

  // 代理意向方 (with the investors as a tab), the registration form and the three families' views of 代理意向登记
  it.each([
    ['intentionPro', 'IntentionProPage'],
    ['addIntention', 'IntentionFormPage'],
    ['bulkShow', 'IntentionShowPage'],
    ['rightShow', 'IntentionShowPage'],
    ['paperlessShow', 'IntentionShowPage'],
  ] as const)('%s opens the intentions module (%s)', async (name, page) => {
    const intentions = await import('../features/intentions/index.ts');
    expect(await lazyOf(name)).toBe(intentions[page]);
  });

  // A dealt batch's handover (交付) is the deliveries module's page.
  it('smallDelivery opens the delivery page', async () => {
    const deliveries = await import('../features/deliveries/index.ts');
    expect(await lazyOf('smallDelivery')).toBe(deliveries.DeliveryPage);
  });

  // A vehicle disposal's steps over its vehicles are the vehicles module's pages.
  it.each([
    ['vehicleInfoAon', 'VehicleInfoPage'],
    ['vehicleInfoEdit', 'VehicleInfoPage'],
    ['disposalAssessmentOpinion', 'AssessmentOpinionPage'],
    ['disposalExpertOpinion', 'ExpertOpinionPage'],
    ['disposalResultConfirm', 'ResultConfirmPage'],
    ['vehicleHangingTagEicSre', 'VehicleSignPage'],
    ['vehicleRevokeEicSre', 'VehicleSignPage'],
    ['vehicleBatchEicSre', 'BatchSignPage'],
    ['vehicleDealConfirm', 'DealConfirmPage'],
    ['disposalReceivingAon', 'ReceivingPage'],
    ['vehicleDelivery', 'ReceivingPage'],
    ['disposalBreakup', 'RecordPage'],
    ['disposalDisintegrate', 'RecordPage'],
  ] as const)('%s opens the vehicles module (%s)', async (name, page) => {
    const vehicles = await import('../features/vehicles/index.ts');
    expect(await lazyOf(name)).toBe(vehicles[page]);
  });

  it('the engine serves no screen of the investors, deliveries and vehicles modules', () => {
    const moduleRoutes = listWorkflowRoutes().filter((r) => isModuleAction(r.screens, r.action));
    expect(moduleRoutes.map((r) => r.name).sort()).toEqual(
      [
        'capInvestorAon',
        'capInvestorShow',
        'capOpenInvestorAudit',
        'smallDelivery',
        'vehicleInfoAon',
        'vehicleInfoEdit',
        'disposalAssessmentOpinion',
        'disposalExpertOpinion',
        'disposalResultConfirm',
        'vehicleHangingTagEicSre',
        'vehicleBatchEicSre',
        'vehicleRevokeEicSre',
        'vehicleDealConfirm',
        'disposalReceivingAon',
        'disposalBreakup',
        'disposalDisintegrate',
        'vehicleDelivery',
      ].sort(),
    );
    for (const r of moduleRoutes) {
      for (const family of familiesOfScreens(r.screens)) expect(findAction(family, r.action)).toBeUndefined();
    }
  });
});

// A built screen never says 暂未开放: since the small-lot ledger (小宗实物) was built, no /index page of the route
// table is left to the placeholder, and no menu entry of any identity opens one.
describe('the placeholder', () => {
  const routes = flatten(buildPortalRoutes());

  it('serves no /index page as a placeholder, and the menu offers no placeholder', async () => {
    const placeholders: string[] = [];
    for (const { path, route } of routes) {
      if (!path.startsWith('/index/') || typeof route.lazy !== 'function') continue;
      const loaded = await (route.lazy as () => Promise<{ Component: unknown }>)();
      if (loaded.Component === ModulePlaceholder) placeholders.push(path);
    }
    expect(placeholders).toEqual([]);
    const menuPaths = [STANDARD_MENU, AGENT_MENU, ADMIN_MENU]
      .flat()
      .flatMap((item) => [item, ...(item.children ?? [])])
      .flatMap((item) => (item.path === undefined ? [] : [item.path]));
    expect(menuPaths.filter((path) => placeholders.includes(path))).toEqual([]);
  });
});
