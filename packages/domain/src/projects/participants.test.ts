import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.ts';
import { composeCreditCode } from '../validation/credit-code.ts';
import { computeIdCardCheck } from '../validation/id-card.ts';
import { canEditParticipants, checkParticipant, displayCertNo } from './participants.ts';

const NOW = new Date('2026-11-22T00:00:00Z');
const ID_BODY = '11010519491231002';
const ID_CARD = `${ID_BODY}${computeIdCardCheck(ID_BODY)}`;

const person = {
  kind: 'person',
  name: '张三',
  certType: 'idCard',
  certNo: ` ${ID_CARD.toLowerCase()} `,
  contactName: '张三',
  contactMobile: '13800000007',
  deposit: 50_000_00,
  isQualified: true,
};

describe('checkParticipant', () => {
  it('accepts a person with a resident card: trimmed, the number upper-cased', () => {
    const check = checkParticipant(person, { now: NOW });
    expect(check).toEqual({
      message: null,
      value: { ...person, certNo: ID_CARD, note: '' },
    });
  });

  it('names the first failing field, in the form’s order', () => {
    expect(checkParticipant({ ...person, kind: 'robot' }).message).toBe('请选择意向受让方类型');
    expect(checkParticipant({ ...person, name: ' ' }).message).toBe('请填写意向受让方名称');
    expect(checkParticipant({ ...person, certType: 'creditCode' }).message).toBe(
      MSG.participantsCertTypeMismatch,
    );
    expect(
      checkParticipant({ ...person, certNo: '110105194912310021' }, { now: NOW }).message,
    ).not.toBeNull();
    expect(checkParticipant({ ...person, contactMobile: '2380000000' }, { now: NOW }).message).toBe(
      MSG.telephoneInvalid,
    );
    expect(checkParticipant({ ...person, deposit: -1 }, { now: NOW }).message).toBe(
      MSG.participantsDepositInvalid,
    );
    expect(checkParticipant({ ...person, deposit: 1.5 }, { now: NOW }).message).toBe(
      MSG.participantsDepositInvalid,
    );
    expect(checkParticipant('x').message).toBe(MSG.badRequest);
  });

  it('checks passports and permits by their patterns', () => {
    const passport = { ...person, certType: 'passport' };
    expect(checkParticipant({ ...passport, certNo: 'E12345678' }).message).toBeNull();
    expect(checkParticipant({ ...passport, certNo: 'E1' }).message).toBe('请填写正确的护照号码');
    const permit = { ...person, certType: 'hkMacaoPermit' };
    expect(checkParticipant({ ...permit, certNo: 'H12345678' }).message).toBeNull();
    expect(checkParticipant({ ...permit, certNo: 'X12345678' }).message).not.toBeNull();
  });

  it('an update with a blank number keeps the stored one only with the same kind and type', () => {
    const stored = { kind: 'person', certType: 'idCard' } as const;
    expect(checkParticipant({ ...person, certNo: '' }, { stored }).value?.certNo).toBeNull();
    expect(checkParticipant({ ...person, certNo: '', certType: 'passport' }, { stored }).message).toBe(
      '请填写证件号码',
    );
  });

  it('every credit code an authority assigns is accepted for an organisation, and shown whole', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-HJ-NPQRTUWXY]{8}$/), (serial) => {
        const code = composeCreditCode('110105', serial);
        const check = checkParticipant(
          { ...person, kind: 'company', name: '示范有限公司', certType: 'creditCode', certNo: code },
          { now: NOW },
        );
        expect(check.message).toBeNull();
        expect(displayCertNo('company', code)).toBe(code);
      }),
    );
  });

  it('a person’s number is masked in the list', () => {
    expect(displayCertNo('person', ID_CARD)).toBe(`110105********${ID_CARD.slice(-4)}`);
  });

  it('participants are registered while disclosing, suspended or ended only', () => {
    expect(['disclosing', 'suspended', 'ended'].every((s) => canEditParticipants(s as 'ended'))).toBe(true);
    expect(canEditParticipants('draft')).toBe(false);
    expect(canEditParticipants('dealt')).toBe(false);
  });
});
