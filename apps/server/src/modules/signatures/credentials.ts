// Signing credentials: a certificate from the certificate authority, its private key (encrypted at rest) and
// the seal image drawn for it, one live set per company and one per enrolled operator. This part needs no SMS
// code and no request, so the service (enrolment) and the start-up pass over the seeded operators share it.
//
// The slow work (key generation, seal drawing) happens before the transaction, so the database is never held
// while keys are made; the transaction then stores what is still missing. When two enrolments race, the partial
// unique index lets only one company credential in and the other enrolment uses that one.
import { X509Certificate } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditActor } from '../../platform/audit.ts';
import {
  openBuiltinAuthority,
  type CertificateAuthority,
  type SubjectKind,
} from '../../platform/signing/certificate-authority.ts';
import { openKeyVault, type KeyVault } from '../../platform/signing/key-vault.ts';
import { drawCompanySeal, drawPersonalSeal } from '../../platform/signing/seal.ts';
import * as repo from './repo.ts';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AuditService } from '../audit/service.ts';
import type { UsersService } from '../users/service.ts';

export type CredentialDeps = Pick<PlatformDeps, 'db' | 'config' | 'clock' | 'log'> & {
  audit: AuditService;
  users: UsersService;
};

/** Who the credentials are for: the facts that go into the certificates and onto the seals. */
export type SignerFacts = {
  companyId: number;
  companyName: string;
  creditCode: string | null;
  operatorId: number;
  /** the real name; the nickname or username of an operator who never authenticated (seeded demo data) */
  personName: string;
  idCard: string | null;
};

export type SigningTools = { authority: CertificateAuthority; vault: KeyVault };

export type EnsureOutcome = { issued: SubjectKind[] };

type Plan = {
  kind: SubjectKind;
  operatorId: number | null;
  subject: string;
  /** the live credential to replace (expired, or issued to a name that changed) */
  replacing: repo.CredentialRow | undefined;
};

/** The subject as stored and shown. The serialNumber attribute (a person's ID number) is kept out of it. */
export function describeSubject(commonName: string, organization: string): string {
  return `CN=${commonName}, O=${organization}, C=CN`;
}

/** The issuer's common name, for display; the whole issuer line when it has none. */
export function readIssuerName(certificatePem: string): string {
  const issuer = new X509Certificate(certificatePem).issuer;
  const commonName = issuer.split('\n').find((line) => line.startsWith('CN='));
  return commonName === undefined ? issuer.replaceAll('\n', ', ') : commonName.slice(3);
}

export function createSigningCredentials(
  deps: CredentialDeps,
  options: {
    tools?: SigningTools;
    /** the authority's clock, when its certificates are to start earlier than now (the demo's, see demo-signing.ts) */
    authorityClock?: Clock;
  } = {},
) {
  const { db, config, clock, log, audit, users } = deps;
  let opening: Promise<SigningTools> | undefined =
    options.tools === undefined ? undefined : Promise.resolve(options.tools);

  /** The authority and the vault, opened on first use (the root is made then, not at every start). */
  function openTools(): Promise<SigningTools> {
    opening ??= (async () => ({
      authority: await openBuiltinAuthority({
        dir: config.ca.dir,
        certFile: config.ca.certFile,
        keyFile: config.ca.keyFile,
        clock: options.authorityClock ?? clock,
      }),
      vault: await openKeyVault({ secret: config.ca.keyEncryptionSecret, dir: config.ca.dir }),
    }))();
    // A failed opening (an unreadable supplied root, say) is tried again by the next call, not cached.
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  }

  /** What an operator's certificates carry; undefined when the operator or its company is gone. */
  async function findSignerFacts(operatorId: number): Promise<SignerFacts | undefined> {
    const operator = await users.findOperator(operatorId);
    if (operator === undefined) return undefined;
    const [user, company] = await Promise.all([
      users.findUser(operator.userId),
      users.findCompany(operator.companyId),
    ]);
    if (user === undefined || company === undefined) return undefined;
    return {
      companyId: company.id,
      companyName: company.name,
      creditCode: company.creditCode,
      operatorId: operator.id,
      personName: user.realName ?? user.nickname ?? user.username,
      idCard: user.idCard,
    };
  }

  function isCurrent(row: repo.CredentialRow, subject: string): boolean {
    return row.subject === subject && row.notAfter.getTime() > clock.now().getTime();
  }

  async function planFor(
    facts: SignerFacts,
    kind: SubjectKind,
    isRefreshing: boolean,
  ): Promise<Plan | undefined> {
    const operatorId = kind === 'company' ? null : facts.operatorId;
    const subject =
      kind === 'company'
        ? describeSubject(facts.companyName, facts.companyName)
        : describeSubject(facts.personName, facts.companyName);
    const live = await repo.findLive(db, { companyId: facts.companyId, kind, operatorId });
    if (live === undefined) return { kind, operatorId, subject, replacing: undefined };
    if (!isRefreshing || isCurrent(live, subject)) return undefined;
    return { kind, operatorId, subject, replacing: live };
  }

  async function prepare(tools: SigningTools, facts: SignerFacts, plan: Plan): Promise<repo.NewCredential> {
    const isCompany = plan.kind === 'company';
    const issued = await tools.authority.issue({
      kind: plan.kind,
      commonName: isCompany ? facts.companyName : facts.personName,
      organization: facts.companyName,
      serialNumber: isCompany ? facts.creditCode : facts.idCard,
    });
    return {
      companyId: facts.companyId,
      operatorId: plan.operatorId,
      kind: plan.kind,
      issuer: tools.authority.name,
      subject: plan.subject,
      serialNumber: issued.serialNumber,
      certificatePem: issued.certificatePem,
      privateKeyEnc:
        issued.privateKeyPem === null ? null : tools.vault.encrypt(issued.privateKeyPem, issued.serialNumber),
      sealSvg: isCompany
        ? drawCompanySeal({ companyName: facts.companyName })
        : drawPersonalSeal(facts.personName),
      notBefore: issued.notBefore,
      notAfter: issued.notAfter,
    };
  }

  /**
   * Makes sure the company and the operator of `facts` each have a live credential, then, in one transaction,
   * stores the new ones, marks the operator enrolled (mainOperatorAuth) and writes the audit row. With
   * `isRefreshing`, a live credential that expired or names someone else (a real name given since) is replaced;
   * without it, only missing ones are issued and nothing is written when none is missing.
   */
  async function ensureCredentials(
    facts: SignerFacts,
    input: { actor: AuditActor; action: string; isRefreshing: boolean },
  ): Promise<EnsureOutcome> {
    const plans = (
      await Promise.all([
        planFor(facts, 'company', input.isRefreshing),
        planFor(facts, 'operator', input.isRefreshing),
      ])
    ).filter((plan): plan is Plan => plan !== undefined);
    if (plans.length === 0 && !input.isRefreshing) return { issued: [] };
    const tools = plans.length === 0 ? undefined : await openTools();
    const prepared =
      tools === undefined ? [] : await Promise.all(plans.map((plan) => prepare(tools, facts, plan)));

    return db.transaction(async (tx) => {
      const issued: SubjectKind[] = [];
      const serials: Record<string, string> = {};
      for (const [index, values] of prepared.entries()) {
        const plan = plans[index];
        if (plan === undefined) continue;
        if (plan.replacing !== undefined) await repo.revoke(tx, plan.replacing.id, clock.now());
        const stored = await repo.insertUnlessLive(tx, values);
        if (stored === undefined) {
          // Another enrolment stored its credential first; theirs is used and this certificate is dropped.
          log.info({ serialNumber: values.serialNumber, kind: plan.kind }, '并发签发：已使用另一份有效证书');
          continue;
        }
        issued.push(plan.kind);
        serials[plan.kind] = stored.serialNumber;
      }
      await users.updateOperator(tx, facts.operatorId, { mainOperatorAuth: true });
      await audit.append(tx, {
        ...input.actor,
        action: input.action,
        result: 'ok',
        target: String(facts.operatorId),
        detail: { companyId: facts.companyId, issued, serialNumbers: serials },
      });
      return { issued };
    });
  }

  /**
   * The seeded demo operators already marked as enrolled (mainOperatorAuth) get the certificates and seals an
   * enrolment would have issued them. Idempotent: operators with live credentials are skipped without a write.
   * Answers how many credentials were issued.
   */
  async function enrolMissing(): Promise<number> {
    const live = new Set(
      (await repo.listLiveKeys(db)).map((key) => `${key.companyId}:${key.kind}:${key.operatorId ?? 0}`),
    );
    let issuedCount = 0;
    const size = 100;
    for (let page = 1; ; page += 1) {
      const { list } = await users.listCompanies({ page, size });
      for (const company of list) {
        const members = await users.listCompanyOperators(company.id);
        for (const { operator } of members) {
          if (!operator.mainOperatorAuth) continue;
          const hasCompany = live.has(`${company.id}:company:0`);
          if (hasCompany && live.has(`${company.id}:operator:${operator.id}`)) continue;
          const facts = await findSignerFacts(operator.id);
          if (facts === undefined) continue;
          const outcome = await ensureCredentials(facts, {
            actor: {
              userId: null,
              operatorId: null,
              companyId: company.id,
              identityType: null,
              ip: null,
              userAgent: null,
            },
            action: 'signature.enrol.seeded',
            isRefreshing: false,
          });
          issuedCount += outcome.issued.length;
          live.add(`${company.id}:company:0`);
          live.add(`${company.id}:operator:${operator.id}`);
        }
      }
      if (list.length < size) break;
    }
    return issuedCount;
  }

  /**
   * What the workflow engine signs letters with: the company's certificate and key (the company seal is the
   * legal signature of its letters), the chain up to the root, and both seal images. Undefined when the company
   * or the operator has no live credential.
   */
  async function findSigner(
    companyId: number,
    operatorId: number,
  ): Promise<
    | {
        certificatePem: string;
        privateKeyPem: string | null;
        chainPems: string[];
        companySealSvg: string;
        operatorSealSvg: string;
      }
    | undefined
  > {
    const [company, operator] = await Promise.all([
      repo.findLive(db, { companyId, kind: 'company', operatorId: null }),
      repo.findLive(db, { companyId, kind: 'operator', operatorId }),
    ]);
    if (company === undefined || operator === undefined) return undefined;
    const tools = await openTools();
    return {
      certificatePem: company.certificatePem,
      privateKeyPem:
        company.privateKeyEnc === null
          ? null
          : tools.vault.decrypt(company.privateKeyEnc, company.serialNumber),
      chainPems: [tools.authority.rootCertificatePem],
      companySealSvg: company.sealSvg,
      operatorSealSvg: operator.sealSvg,
    };
  }

  return {
    openTools,
    findSignerFacts,
    ensureCredentials,
    enrolMissing,
    findSigner,
    findLive: (key: { companyId: number; kind: SubjectKind; operatorId: number | null }, tx: Db = db) =>
      repo.findLive(tx, key),
    findById: (id: number) => repo.findById(db, id),
  };
}
