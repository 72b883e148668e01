import { expect, test } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  answerDialog,
  choose,
  expectToReach,
  fileInputOf,
  keepScreenshot,
  signIn,
  uploadFile,
} from './helpers.ts';
import { APPLICATION_PDF, fillCode } from './workflow-steps.ts';

/** A one-page PDF with a line of text, padded with a comment so that its upload takes long enough to watch. */
function writeSamplePdf(path: string, paddingBytes: number): void {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const content = 'BT /F1 24 Tf 72 760 Td (Business licence sample) Tj ET';
  let body = '%PDF-1.4\n%' + '-'.repeat(paddingBytes) + '\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    const text = object ?? `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
    body += `${index + 1} 0 obj\n${text}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(path, body);
}

test('a company uploads a PDF with a progress bar, previews it in the page, downloads it and deletes it', async ({
  page,
}) => {
  const dir = mkdtempSync(join(tmpdir(), 'cqjy-e2e-files-'));
  const pdfPath = join(dir, '营业执照.pdf');
  writeSamplePdf(pdfPath, 3 * 1024 * 1024);

  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home$/);
  await page.goto('/#/index/company');
  await expect(page.getByText('资质文件')).toBeVisible();

  // Slow the upload down so that its progress can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  const licence = page.locator('.ant-descriptions-row', { hasText: '营业执照' });
  await licence.locator('input[type=file]').setInputFiles(pdfPath);
  await expect(page.getByLabel('营业执照.pdf 上传状态').locator('.ant-progress')).toBeVisible();
  await keepScreenshot(page, 'files-uploading');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const row = licence.locator('.file-row', { hasText: '营业执照.pdf' });
  await expect(row).toBeVisible({ timeout: 30_000 });

  // Preview: the PDF is drawn in the page.
  await row.getByRole('button', { name: '预览' }).click();
  const canvas = page.locator('canvas[aria-label*="第1页"]');
  await expect(canvas).toBeVisible();
  await keepScreenshot(page, 'files-preview');
  await page.keyboard.press('Escape');
  await expect(canvas).toHaveCount(0);

  // Download: the same bytes under the same name.
  const downloadPromise = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('营业执照.pdf');
  const saved = join(dir, 'downloaded.pdf');
  await download.saveAs(saved);
  expect(readFileSync(saved).equals(readFileSync(pdfPath))).toBe(true);

  // Delete, confirmed: the row goes, and stays gone after a reload.
  await row.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('资质文件')).toBeVisible();
  await expect(page.locator('.file-row', { hasText: '营业执照.pdf' })).toHaveCount(0);
});

test('收文管理 and 发文管理: the exchange sends a document, the company reads and acknowledges it, and answers with one it e-signs', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = String(Date.now() % 100_000);
  const noticeTitle = `关于报送一季度交易资料的通知${suffix}`;
  const replyTitle = `关于一季度交易资料报送情况的报告${suffix}`;

  // the exchange writes the document to the demo owner, with a file, and sends it
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/#\/index\/project/);
  await admin.goto('/#/index/received');
  await admin.getByRole('button', { name: '新增收文' }).click();
  await expect(admin).toHaveURL(/#\/index\/receivedAdd/);
  await choose(admin, '收文单位', '北京示范国有资产经营有限公司');
  await admin.getByLabel('标题').fill(noticeTitle);
  await admin.getByLabel('文号').fill(`示范交〔2026〕${suffix}号`);
  await admin
    .getByLabel('正文')
    .fill('请贵单位于4月15日前报送一季度挂牌项目的成交及价款结算情况。\n报送模板见附件。');
  await uploadFile(admin, fileInputOf(admin, '附件'), {
    name: '报送模板.pdf',
    mimeType: 'application/pdf',
    buffer: APPLICATION_PDF,
  });
  await expectToReach(admin, /#\/index\/receivedShow\?id=\d+/, () =>
    admin.getByRole('button', { name: /保\s*存/ }).click(),
  );
  await admin.getByRole('button', { name: /发\s*送/ }).click();
  await answerDialog(admin.locator('.ant-modal-confirm'), /发\s*送/);
  await expect(admin.locator('.ant-descriptions').getByText('未读')).toBeVisible();
  await admin.context().close();

  // the company: notified, finds it unread in 收文管理, opens it (read), downloads the file and acknowledges it
  await signIn(page, 'transferor');
  await expect(page).toHaveURL(/#\/index\/home$/);
  await page.goto('/#/index/received');
  await page.getByLabel('阅读状态').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('未读', { exact: true }).click();
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const row = page.getByRole('row', { name: new RegExp(noticeTitle) });
  await expect(row.getByText('未读')).toBeVisible();
  await keepScreenshot(page, 'documents-01-received-list');
  await row.getByRole('button', { name: '查看' }).click();
  await expect(page).toHaveURL(/#\/index\/receivedShow\?id=\d+/);
  await expect(page.locator('.ant-descriptions').getByText('已读')).toBeVisible();
  const downloadPromise = page.waitForEvent('download');
  await page.locator('.file-row', { hasText: '报送模板.pdf' }).getByRole('button', { name: '下载' }).click();
  expect((await downloadPromise).suggestedFilename()).toBe('报送模板.pdf');
  await page.getByRole('button', { name: '确认收文' }).click();
  await answerDialog(page.locator('.ant-modal-confirm'), /确认收文/);
  await expect(page.locator('.ant-descriptions').getByText('已确认')).toBeVisible();
  await keepScreenshot(page, 'documents-02-received-acknowledged');

  // the company answers: a draft in 发文管理, drawn as a PDF, e-signed with the SMS code, sent
  await page.goto('/#/index/sending');
  await page.getByRole('button', { name: '新增发文' }).click();
  await expect(page).toHaveURL(/#\/index\/sendingAdd/);
  await page.getByLabel('标题').fill(replyTitle);
  await page.getByLabel('文号').fill(`京示范报〔2026〕${suffix}号`);
  await page.getByLabel('正文').fill('我单位一季度挂牌项目3宗，已全部成交，价款已按约定结算。\n特此报告。');
  await expectToReach(page, /#\/index\/sendingShow\?id=\d+/, () =>
    page.getByRole('button', { name: /保\s*存/ }).click(),
  );
  await page.getByRole('button', { name: '生成签章件' }).click();
  await expect(page.getByRole('group', { name: '短信验证码' })).toBeVisible({ timeout: 30_000 });
  await fillCode(page);
  await keepScreenshot(page, 'documents-03-sending-sign');
  await page.getByRole('button', { name: '电子签章' }).click();
  await expect(page.getByText('电子签章件')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-descriptions').getByText('草稿（已签章）')).toBeVisible();
  await page.getByRole('button', { name: /发\s*送/ }).click();
  await answerDialog(page.locator('.ant-modal-confirm'), /发\s*送/);
  await expect(page.locator('.ant-descriptions').getByText('已发送')).toBeVisible();
  await keepScreenshot(page, 'documents-04-sending-sent');
});
