// The batch signature of a fleet's listing letters (机动车处置, signatureAndSubmit) on real PostgreSQL. Target: the
// listing letters of 200 vehicles signed in one call within its client time-out of 120 s (spec 001 section 7). The
// bench creates its own database, starts the server on it (the migrations and the demo seed run at start; the demo
// operators are enrolled for e-signatures at the first start) and runs the course through the calls as the
// people would: the owner imports 200 vehicles from the template and applies, e-signing the application; the
// exchange approves and assigns the demo assessment institution, which values every vehicle and submits; the owner
// confirms (each vehicle's letter drawn: timed) and signs the 200 letters with one SMS code in one call (timed, from
// the client on 127.0.0.1). The database is dropped at the end, also on failure.
//
//   PG_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:vehicles -w bench
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vinCheckDigit } from '@cqjy/domain';
import ExcelJS from 'exceljs';
import { fmtMs, onDb, signIn, startServer, timed, type Served } from './lib.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 200);
const LIMIT_MS = 120_000;
const CAPTCHA = '2468';
const OTP = '246810';
const DB_NAME = 'cqjy_bench_vehicles';

const adminUrl = new URL(process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${DB_NAME}`;

type Answer<T> = { status: number; msg: string; data: T };

function clientOf(url: string, token: string) {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as Answer<T>;
    if (answer.status !== 0) throw new Error(`${path} refused: ${answer.msg}`);
    return answer.data;
  };
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown = {}) => call<T>('POST', path, body),
    async upload(record: { dataClass: string; dataId: string }, tag: string, name: string, content: Buffer) {
      const form = new FormData();
      form.set('command', 'upload');
      form.set('tag', tag);
      form.set('dataClass', record.dataClass);
      form.set('dataId', record.dataId);
      form.set('file', new Blob([new Uint8Array(content)]), name);
      const response = await fetch(`${url}/api/attachment/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const answer = (await response.json()) as Answer<Record<string, { uuid: string }[]>>;
      const uuid = answer.data[tag]?.[0]?.uuid;
      if (answer.status !== 0 || uuid === undefined) throw new Error(`upload refused: ${answer.msg}`);
      return uuid;
    },
    async template(): Promise<ExcelJS.Workbook> {
      const response = await fetch(`${url}/api/project/motorVehicle/template`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      return workbook;
    },
  };
}

// A PDF the approval file and the report stand for (the upload checks the content, not the name).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type Disposal = {
  version: number;
  vehicles: { id: number; taskId: number | null; state: string }[];
};

/** A VIN of GB 16735: the draft with its 9th character made the check digit. */
function withCheckDigit(draft: string): string {
  return `${draft.slice(0, 8)}${vinCheckDigit(draft) ?? '0'}${draft.slice(9)}`;
}

const workDir = mkdtempSync(join(tmpdir(), 'cqjy-bench-vehicles-'));
await onDb(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await onDb(adminUrl, `CREATE DATABASE ${DB_NAME}`);
let server: Served | undefined;
try {
  server = await startServer(8298, {
    DATABASE_URL: benchUrl.href,
    NODE_ENV: 'development',
    CAPTCHA_FIXED: CAPTCHA,
    OTP_FIXED: OTP,
    LOGIN_RATE_MAX: '10000',
    OTP_RESEND_S: '1',
    STORAGE_DIR: join(workDir, 'files'),
  });
  const { url } = server;
  const owner = clientOf(url, await signIn(url, 'transferor', CAPTCHA));
  const exchange = clientOf(url, await signIn(url, 'admin', CAPTCHA));
  const firm = clientOf(url, await signIn(url, 'assessment', CAPTCHA));

  // the application with its vehicles, imported from the template
  const { id: projectId } = await owner.post<{ id: number }>('/api/project/disposalApply', {
    form: {
      name: `批量签章基准测试${VEHICLES}辆`,
      applicantNature: 'stateEnterprise',
      approvalBody: '北京市人民政府国有资产监督管理委员会',
      disposalReason: '车辆已达国家机动车强制报废标准。',
      vehicleLocation: '示范停车场',
      disclosureDays: 10,
      contactName: '王经理',
      contactMobile: '13800000001',
    },
  });
  const projectRecord = { dataClass: 'project', dataId: String(projectId) };
  await owner.upload(projectRecord, 'disposalApproval', '处置批准文件.pdf', PDF);
  const workbook = await owner.template();
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) throw new Error('the template has no sheet');
  for (let i = 1; i <= VEHICLES; i += 1) {
    sheet.addRow([
      `京B${String(i).padStart(5, '0')}`,
      withCheckDigit(`LSVAU2180N2${String(i).padStart(6, '0')}`),
      `E${String(i).padStart(7, '0')}`,
      '大众牌SVW7182',
      '小型汽车',
      '2010-05-18',
      320_000 + i,
      '已达报废标准',
      '',
    ]);
  }
  const uuid = await owner.upload(
    projectRecord,
    'assetImport',
    '处置车辆清单.xlsx',
    Buffer.from(await workbook.xlsx.writeBuffer()),
  );
  const imported = await timed(async () => {
    await owner.post('/api/project/motorVehicle/inputVehicleData/preview', { projectId, uuid });
    return owner.post<{ imported: number }>('/api/project/motorVehicle/inputVehicleData', {
      projectId,
      uuid,
    });
  });
  if (imported.value.imported !== VEHICLES) throw new Error('the import stored fewer vehicles');

  // the application e-signed and approved, the firm assigned
  const status = await owner.get<{ version: number }>(`/api/project/status/${projectId}`);
  const { actionId, taskId } = await owner.post<{ actionId: number; taskId: number }>(
    `/api/project/disposalApply/${projectId}/submit`,
    { version: status.version },
  );
  await owner.post('/api/workflow/sign/otp', { dataId: actionId });
  const sign = (id: number, task: number, type: string) => ({
    dataId: id,
    passDate: '',
    otp: OTP,
    category: 'vehicle',
    task: { type, id: task, actionId: id },
    transferees: [{ taskId: task }],
    reason: '',
  });
  await owner.post('/api/project/motorVehicle/disclosure/signature', sign(actionId, taskId, 'EicSre'));
  const review = await exchange.get<{ openTask: { id: number } }>(
    `/api/project/motorVehicle/disclosure/show/${actionId}`,
  );
  await exchange.post('/api/task/signoff/default', {
    ...sign(actionId, review.openTask.id, 'Review'),
    otp: '',
    result: 'pass',
  });
  const firms = await exchange.get<{ id: number }[]>('/api/project/disposalApply/appraisers');
  const assigned = await exchange.get<Disposal>(`/api/project/disposalApply/show/${projectId}`);
  await exchange.post('/api/project/disposalApply/assign', {
    projectId,
    version: assigned.version,
    companyId: firms[0]?.id,
  });

  // the appraisal of every vehicle, its report, its submission
  const toValue = await firm.get<Disposal>(`/api/project/disposalApply/show/${projectId}`);
  const saved = await firm.post<{ version: number }>('/api/project/disposalApply/assessment/save', {
    projectId,
    version: toValue.version,
    appraisalBaseDate: '2026-11-30',
    vehicles: toValue.vehicles.map((vehicle, i) => ({
      id: vehicle.id,
      appraisedValue: 120_000 + i * 100,
      appraisalOpinion: '车辆已达报废标准，按残值评估。',
    })),
  });
  await firm.upload(
    { dataClass: 'vehicleDisposal', dataId: String(projectId) },
    'vehicleAppraisalReport',
    '车辆评估报告.pdf',
    PDF,
  );
  await firm.post('/api/project/disposalApply/assessment/submit', { projectId, version: saved.version });

  // the owner's confirmation draws every vehicle's listing letter
  const toConfirm = await owner.get<Disposal>(`/api/project/disposalApply/show/${projectId}`);
  const confirmed = await timed(() =>
    owner.post('/api/project/disposalApply/result/confirm', { projectId, version: toConfirm.version }),
  );

  // the batch: one code bound to the 200 letters, one call
  const toSign = await owner.get<Disposal>(`/api/project/disposalApply/show/${projectId}`);
  const itemIds = toSign.vehicles.map((vehicle) => vehicle.id);
  const taskIds = toSign.vehicles.map((vehicle) => vehicle.taskId ?? 0);
  await owner.post('/api/project/motorVehicle/sign/otp', { itemIds });
  const batch = await timed(() =>
    owner.post<{ count: number }>('/api/project/motorVehicle/signatureAndSubmit', { taskIds, otp: OTP }),
  );
  const listed = await owner.get<Disposal>(`/api/project/disposalApply/show/${projectId}`);
  const listedCount = listed.vehicles.filter((vehicle) => vehicle.state === 'listed').length;
  if (batch.value.count !== VEHICLES || listedCount !== VEHICLES) {
    throw new Error(`the batch signed ${batch.value.count}, listed ${listedCount} of ${VEHICLES}`);
  }
  console.table([
    { step: `import of ${VEHICLES} vehicles (preview + import)`, time: fmtMs(imported.ms) },
    { step: `confirmation: ${VEHICLES} listing letters drawn`, time: fmtMs(confirmed.ms) },
    {
      step: `signatureAndSubmit: ${VEHICLES} letters signed in one call`,
      time: fmtMs(batch.ms),
      'per letter': fmtMs(batch.ms / VEHICLES),
    },
  ]);
  console.log(
    `batch signature of ${VEHICLES} letters: ${fmtMs(batch.ms)}, limit ${fmtMs(LIMIT_MS)}: ` +
      `${batch.ms < LIMIT_MS ? 'met' : 'NOT met'} (PostgreSQL database ${DB_NAME} on ${adminUrl.host})`,
  );
} finally {
  await server?.stop();
  await onDb(adminUrl, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined);
  rmSync(workDir, { recursive: true, force: true });
}
