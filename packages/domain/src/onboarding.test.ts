import { describe, expect, it } from 'vitest';
import { IDENTITY } from './identity.ts';
import type { IdentityName } from './identity.ts';
import { ONBOARDING_GATES, onboardingRedirect } from './onboarding.ts';
import type { GateUser } from './onboarding.ts';

/** A user every gate lets through. */
const onboarded = (identity: IdentityName = 'transferor', patch: Partial<GateUser> = {}): GateUser => ({
  identityType: IDENTITY[identity],
  examineStatus: null,
  idType: 0,
  setupPassword: true,
  pendingPhone: null,
  authStatus: 1,
  companyAuthStatus: 1,
  prompt: false,
  mainOperatorAuth: true,
  ...patch,
});

const HOME = '/index/home';

describe('onboarding gates', () => {
  it('lists the eight gates in order with their targets and Chinese descriptions', () => {
    expect(ONBOARDING_GATES.map((gate) => [gate.id, gate.target])).toEqual([
      [1, '/transferorOpenTip'],
      [2, '/auth'],
      [3, '/auth'],
      [4, '/auth'],
      [5, '/auth'],
      [6, '/welcomePage'],
      [7, '/signature'],
      [8, '/landManage'],
    ]);
    for (const gate of ONBOARDING_GATES) {
      expect(gate.description).toMatch(/[\u4e00-\u9fff]/);
      expect(gate.stayOn).toContain(gate.target);
    }
  });

  it.each(Object.keys(IDENTITY) as IdentityName[])('lets a fully onboarded %s through', (identity) => {
    const options = identity === 'land' ? { landSessionFlag: true } : {};
    expect(onboardingRedirect(onboarded(identity), HOME, options)).toBeNull();
    expect(onboardingRedirect(onboarded(identity), '/index/project?id=1', options)).toBeNull();
  });

  describe('SH-4.5 gate 1: examineStatus', () => {
    it.each([1, 2, 4, 11, '1'])('sends examineStatus %s to project-owner account opening', (status) => {
      expect(onboardingRedirect(onboarded('transferor', { examineStatus: status }), HOME)).toBe(
        '/transferorOpenTip',
      );
    });

    it.each([3, 9, 10, null, undefined, '', '9'])('accepts examineStatus %s', (status) => {
      expect(onboardingRedirect(onboarded('transferor', { examineStatus: status }), HOME)).toBeNull();
    });

    it('lets the user stay on either account-opening page', () => {
      const user = onboarded('transferor', { examineStatus: 1 });
      expect(onboardingRedirect(user, '/transferorOpenTip')).toBeNull();
      expect(onboardingRedirect(user, '/transferorOpen?step=2')).toBeNull();
      expect(onboardingRedirect(user, '/auth')).toBe('/transferorOpenTip');
    });
  });

  describe('SH-4.6 gate 2: idType', () => {
    it.each(['transferor', 'admin', 'land'] as const)(
      'sends a %s whose idType is not 0 to /auth',
      (identity) => {
        expect(onboardingRedirect(onboarded(identity, { idType: 1 }), HOME, { landSessionFlag: true })).toBe(
          '/auth',
        );
      },
    );

    it.each(['member', 'assessment', 'disassembly', 'opsAdmin'] as const)(
      'does not apply to %s',
      (identity) => {
        expect(onboardingRedirect(onboarded(identity, { idType: 1 }), HOME)).toBeNull();
      },
    );
  });

  it('SH-4.7 gate 3: a password not yet set goes to /auth', () => {
    expect(onboardingRedirect(onboarded('member', { setupPassword: false }), HOME)).toBe('/auth');
  });

  it('SH-4.8 gate 4: a pending phone change goes to /auth', () => {
    expect(onboardingRedirect(onboarded('member', { pendingPhone: '13800138000' }), HOME)).toBe('/auth');
    expect(onboardingRedirect(onboarded('member', { pendingPhone: '' }), HOME)).toBeNull();
  });

  describe('SH-4.9 gate 5: authentication in progress', () => {
    it.each([2, 3])('authStatus %s goes to /auth', (status) => {
      expect(onboardingRedirect(onboarded('member', { authStatus: status }), HOME)).toBe('/auth');
    });

    it.each([2, 3])('companyAuthStatus %s goes to /auth', (status) => {
      expect(onboardingRedirect(onboarded('member', { companyAuthStatus: status }), HOME)).toBe('/auth');
    });

    it.each([0, 1, 4])('status %s passes', (status) => {
      expect(
        onboardingRedirect(onboarded('member', { authStatus: status, companyAuthStatus: status }), HOME),
      ).toBeNull();
    });
  });

  it('SH-4.10 gate 6: an unacknowledged welcome prompt goes to /welcomePage', () => {
    expect(onboardingRedirect(onboarded('assessment', { prompt: true }), HOME)).toBe('/welcomePage');
  });

  describe('SH-4.11 gate 7: main-operator e-signature enrolment', () => {
    it('sends a transferor without it to /signature', () => {
      expect(onboardingRedirect(onboarded('transferor', { mainOperatorAuth: false }), HOME)).toBe(
        '/signature',
      );
    });

    it('does not apply to other identities', () => {
      expect(onboardingRedirect(onboarded('member', { mainOperatorAuth: false }), HOME)).toBeNull();
    });

    it('sends an enrolled transferor on /signature home', () => {
      expect(onboardingRedirect(onboarded('transferor'), '/signature')).toBe(HOME);
      expect(onboardingRedirect(onboarded('transferor'), '/signature?from=menu')).toBe(HOME);
      expect(onboardingRedirect(onboarded('transferor'), '/index/signature')).toBeNull();
    });
  });

  describe('SH-4.12 gate 8: land identity', () => {
    it('goes to /landManage without the land session flag', () => {
      expect(onboardingRedirect(onboarded('land'), HOME)).toBe('/landManage');
      expect(onboardingRedirect(onboarded('land'), HOME, { landSessionFlag: false })).toBe('/landManage');
    });

    it('stays with the flag', () => {
      expect(onboardingRedirect(onboarded('land'), HOME, { landSessionFlag: true })).toBeNull();
    });
  });

  describe('order', () => {
    it('a user failing gates 3 and 6 goes to the target of gate 3', () => {
      const user = onboarded('member', { setupPassword: false, prompt: true });
      expect(onboardingRedirect(user, HOME)).toBe('/auth');
    });

    it('a user failing gates 1 and 2 goes to account opening first', () => {
      const user = onboarded('transferor', { examineStatus: 2, idType: 1 });
      expect(onboardingRedirect(user, HOME)).toBe('/transferorOpenTip');
    });

    it('a transferor failing gates 6 and 7 sees the welcome page first', () => {
      const user = onboarded('transferor', { prompt: true, mainOperatorAuth: false });
      expect(onboardingRedirect(user, HOME)).toBe('/welcomePage');
    });

    it('a later gate does not pull the user away from an earlier gate page', () => {
      const user = onboarded('member', { setupPassword: false, prompt: true });
      expect(onboardingRedirect(user, '/auth')).toBeNull();
      expect(onboardingRedirect(user, '/welcomePage')).toBe('/auth');
    });
  });

  describe('no loops', () => {
    const failing: [number, GateUser, { landSessionFlag?: boolean }][] = [
      [1, onboarded('transferor', { examineStatus: 1 }), {}],
      [2, onboarded('admin', { idType: 2 }), {}],
      [3, onboarded('member', { setupPassword: false }), {}],
      [4, onboarded('member', { pendingPhone: '13900139000' }), {}],
      [5, onboarded('member', { companyAuthStatus: 3 }), {}],
      [6, onboarded('member', { prompt: true }), {}],
      [7, onboarded('transferor', { mainOperatorAuth: false }), {}],
      [8, onboarded('land'), {}],
    ];

    it.each(failing)('gate %s does not redirect from its own target', (id, user, options) => {
      const gate = ONBOARDING_GATES.find((candidate) => candidate.id === id);
      expect(gate).toBeDefined();
      const target = gate?.target ?? '';
      expect(onboardingRedirect(user, HOME, options)).toBe(target);
      expect(onboardingRedirect(user, target, options)).toBeNull();
    });

    it('following the redirects always settles within a step', () => {
      for (const [, user, options] of failing) {
        const first = onboardingRedirect(user, HOME, options);
        expect(first).not.toBeNull();
        expect(onboardingRedirect(user, first ?? '', options)).toBeNull();
      }
    });

    it('face authentication pages belong to the /auth flow', () => {
      const user = onboarded('member', { authStatus: 2 });
      expect(onboardingRedirect(user, '/scanCode')).toBeNull();
      expect(onboardingRedirect(user, '/scanCodeWin')).toBeNull();
      expect(onboardingRedirect(user, '/perfectInformation')).toBeNull();
      expect(onboardingRedirect(user, '/index/project')).toBe('/auth');
    });
  });
});
