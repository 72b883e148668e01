import { expect, test } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepScreenshot, signIn } from './helpers.ts';

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
