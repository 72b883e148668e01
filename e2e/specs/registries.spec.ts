// The company's own records on the registries kit, in Chromium against the real server. The transferor downloads
// the asset template, fills 200 rows of which 3 are bad and imports it (the preview names each error, the 197 good
// rows are stored), edits one, leaves 我的资产 for another tab and comes back to the same filters (kept alive), and
// starts a bulk project from three selected assets; it imports enterprise customers, a bad credit code and a bad
// mobile flagged in the preview. The land reserve adds a parcel on /landManage and starts a project from it. The
// exchange reads every company's registries under the management titles.
import { expect, test, type Page } from '@playwright/test';
import { downloadTemplate, keepScreenshot, openMenu, pickOption, signIn, uploadSheet } from './helpers.ts';

const SUFFIX = String(Date.now()).slice(-5);
const ASSET = `E2E设备${SUFFIX}`;
// the shell's tab strip (a page may have tabs of its own: 数据字典 has a tab named as itself)
const tabs = (page: Page) => page.getByTestId('tab-strip');

test.describe.configure({ mode: 'serial' });

test('transferor imports 200 assets (3 bad), edits one, keeps its filters across tabs and starts a bulk project', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'transferor');
  await openMenu(page, '我的资产');
  await expect(page.getByRole('heading', { name: '我的资产' })).toBeVisible();

  const template = await downloadTemplate(page, page.getByRole('button', { name: '下载模板' }));
  expect(template.name).toBe('我的资产模板.xlsx');
  const bad = new Map<number, Record<string, string | number>>([
    [5, { 资产名称: `${ASSET}-005`, 资产类别: '机器设备', 数量: 'abc', 计量单位: '台', 资产状态: '在库' }],
    [17, { 资产名称: `${ASSET}-017`, 资产类别: '飞机', 数量: 1, 计量单位: '架', 资产状态: '在库' }],
    [33, { 资产类别: '机器设备', 数量: 2, 计量单位: '台', 资产状态: '在库' }],
  ]);
  for (let i = 1; i <= 200; i += 1) {
    template.addRow(
      bad.get(i) ?? {
        资产名称: `${ASSET}-${String(i).padStart(3, '0')}`,
        资产类别: '机器设备',
        规格型号: `M-${i}`,
        数量: (i % 5) + 1,
        计量单位: '台',
        '账面价值（元）': 10_000 + i,
        存放地点: '一号仓库',
        资产状态: '在库',
      },
    );
  }

  await page.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.getByText('导入我的资产')).toBeVisible();
  await uploadSheet(page, '资产导入.xlsx', await template.bytes());
  await expect(page.getByText('共200行，其中3行有误，导入时将跳过；可修改表格后重新上传')).toBeVisible({
    timeout: 60_000,
  });
  // each bad row with its error (the row's line is the sheet's: the header is line 1)
  const previewRow = (line: number) => page.getByRole('row', { name: new RegExp(`^${line}\\b`) }).first();
  await expect(previewRow(6)).toContainText('数量须为不小于0的数，最多4位小数');
  await expect(previewRow(18)).toContainText('资产类别须为以下之一');
  await expect(previewRow(34)).toContainText('请填写资产名称');
  await keepScreenshot(page, 'registries-01-import-preview');
  await page.getByRole('button', { name: '确认导入（197条）' }).click();
  await expect(page.getByText('已导入197条，跳过3条有误的数据')).toBeVisible({ timeout: 60_000 });

  // the list, filtered by the keyword and a status
  await expect(page.getByRole('heading', { name: '我的资产' })).toBeVisible();
  await page.getByLabel('关键字').fill(ASSET);
  await pickOption(page, '资产状态', '在库');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('共 197 条')).toBeVisible();

  // edit one: its page shows the change
  await page
    .getByRole('row', { name: new RegExp(`${ASSET}-200`) })
    .getByRole('button', { name: '编辑' })
    .click();
  await page.getByLabel('存放地点').fill('二号仓库');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`资产：${ASSET}-200`)).toBeVisible();
  await expect(page.getByRole('cell', { name: '二号仓库' })).toBeVisible();

  // another tab and back: 我的资产 kept its filters and its page
  await tabs(page).getByRole('tab', { name: '首页' }).click();
  await expect(page.getByRole('heading', { name: '首页' })).toBeVisible();
  await tabs(page).getByRole('tab', { name: '我的资产' }).click();
  await expect(page.getByLabel('关键字')).toHaveValue(ASSET);
  await expect(page.getByText('共 197 条')).toBeVisible();

  // three selected assets start one bulk project: its asset lists hold them
  for (const n of ['200', '199', '198']) {
    await page
      .getByRole('row', { name: new RegExp(`${ASSET}-${n}`) })
      .getByRole('checkbox')
      .check();
  }
  await page.getByRole('button', { name: '发起项目（已选3项）' }).click();
  const dialog = page.getByRole('dialog', { name: '发起项目' });
  await expect(dialog.getByText('将以选中的3项资产发起实物资产项目，资产状态将变为“挂牌中”。')).toBeVisible();
  await keepScreenshot(page, 'registries-02-start-project');
  await dialog.getByRole('button', { name: /发\s*起/ }).click();
  await expect(page.getByText(`编辑项目：${ASSET}-200等3项资产`)).toBeVisible();
  // the draft's asset list holds the three assets
  await expect(page.getByText(`${ASSET}-199`).first()).toBeVisible();
  await expect(page.getByText(`${ASSET}-198`).first()).toBeVisible();

  // back on the list filtered 在库: the three are 挂牌中 now, linked to the project
  await tabs(page).getByRole('tab', { name: '我的资产' }).click();
  await expect(page.getByText('共 194 条')).toBeVisible();
  await pickOption(page, '资产状态', '挂牌中');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(`${ASSET}-200.*挂牌中.*GR\\d+`) })).toBeVisible();
});

test('transferor imports enterprise customers: a bad credit code and a bad mobile are flagged', async ({
  page,
}) => {
  await signIn(page, 'transferor');
  await openMenu(page, '客户管理', '企业客户');
  await expect(page.getByRole('heading', { name: '企业客户' })).toBeVisible();
  await page.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.getByText('导入企业客户')).toBeVisible();
  const template = await downloadTemplate(page, page.getByRole('button', { name: '下载模板' }));
  const customer = (name: string, creditCode: string, mobile: string) => ({
    企业名称: name,
    统一社会信用代码: creditCode,
    客户类型: '意向受让方',
    联系人: '赵经理',
    联系人手机: mobile,
  });
  template.addRow(customer(`E2E示范客户${SUFFIX}`, '91310115MA00000237', '13900003001'));
  template.addRow(customer(`E2E错误代码${SUFFIX}`, '91110105MA0000000A', '13900003002'));
  template.addRow(customer(`E2E错误手机${SUFFIX}`, '91110105MA0000015F', '1390000'));
  await uploadSheet(page, '企业客户导入.xlsx', await template.bytes());
  await expect(page.getByText(/^共3行，其中\d行有误/)).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByRole('row', { name: new RegExp(`E2E错误代码${SUFFIX}.*统一社会信用代码`) }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`E2E错误手机${SUFFIX}.*手机号`) })).toBeVisible();
  await keepScreenshot(page, 'registries-03-customer-preview');
});

test('land adds a parcel on /landManage and starts a land project from it', async ({ page }) => {
  await signIn(page, 'land');
  await expect(page).toHaveURL(/#\/landManage$/);
  await page.getByRole('button', { name: '新增地块' }).click();
  await expect(page).toHaveURL(/#\/landManage\/add$/);
  await page.getByLabel('宗地编号').fill(`E2E-${SUFFIX}`);
  await page.getByLabel('宗地名称').fill(`E2E示范地块${SUFFIX}`);
  await page.getByLabel('所在区域').fill('北京市大兴区');
  await page.getByLabel('坐落位置').fill('大兴区示范路北侧');
  await page.getByLabel('土地面积（平方米）').fill('12000');
  await pickOption(page, '土地用途', '工业用地');
  await pickOption(page, '使用权类型', '出让');
  await page.getByLabel('评估价值（元）').fill('30000000');
  await pickOption(page, '地块状态', '储备中');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText(`地块：E2E示范地块${SUFFIX}`)).toBeVisible();
  await expect(page.getByRole('button', { name: '进入门户' })).toBeVisible();

  await page.getByRole('button', { name: '发起项目' }).click();
  const dialog = page.getByRole('dialog', { name: '发起项目' });
  await expect(dialog.getByText('将以选中的1项地块发起实物资产项目，地块状态将变为“挂牌中”。')).toBeVisible();
  await dialog.getByRole('button', { name: /发\s*起/ }).click();
  await expect(page.getByText(`编辑项目：E2E示范地块${SUFFIX}国有建设用地使用权`)).toBeVisible();
  await keepScreenshot(page, 'registries-04-land-project');
});

test('admin reads every company’s registries under the management titles', async ({ page }) => {
  await signIn(page, 'admin');
  await openMenu(page, '资产管理');
  await expect(page.getByRole('heading', { name: '资产管理' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '所属单位' })).toBeVisible();
  await expect(page.getByRole('button', { name: '新增资产' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: '北京示范国有资产经营有限公司' }).first()).toBeVisible();
  await openMenu(page, '客户管理', '企业客户管理');
  await expect(page.getByRole('heading', { name: '企业客户管理' })).toBeVisible();
  const companies = await page.getByRole('row').allInnerTexts();
  expect(companies.some((row) => row.includes('示范产权经纪有限公司'))).toBe(true);
  await keepScreenshot(page, 'registries-05-admin');
});
