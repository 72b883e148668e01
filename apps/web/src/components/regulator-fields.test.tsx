import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { FormInstance } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DictTreeNode } from '@cqjy/domain/api';
import { envelope, jsonResponse, stubFetch } from '../test/fake-fetch.ts';
import type { FetchCall } from '../test/fake-fetch.ts';
import { RegulatorFields } from './regulator-fields.tsx';
import type { RegulatorValues } from './regulator-fields.tsx';

afterEach(() => vi.unstubAllGlobals());

const node = (key: string, label: string, children: DictTreeNode[] = []): DictTreeNode => ({
  key,
  label,
  parentKey: null,
  sort: 0,
  children,
});

const REGULATORS = [
  node('A02001', '国务院国资委'),
  node('A02003', '省级国资委'),
  node('A02005', '市级国资委'),
];
const PROVINCES = [
  { code: '110000', name: '北京市', hasChildren: true },
  { code: '440000', name: '广东省', hasChildren: true },
];
const CITIES: Record<string, { code: string; name: string; hasChildren: boolean }[]> = {
  '110000': [{ code: '110100', name: '市辖区', hasChildren: true }],
  '440000': [{ code: '440100', name: '广州市', hasChildren: true }],
};
const BEIJING_LIST = [
  { name: '北京首都创业集团有限公司', creditCode: '91110000101100709X', sourceCode: 'BJSGZW' },
];

function serve(): { calls: FetchCall[] } {
  return stubFetch((call) => {
    const path = call.url.split('?')[0];
    const body = typeof call.body === 'string' ? (JSON.parse(call.body) as Record<string, unknown>) : {};
    if (path === '/api/app/dict/data/list/regulatoryBodies/tree') return jsonResponse(envelope(REGULATORS));
    if (path === '/api/app/getZoningDict') {
      const parent = body.parentCode as string | undefined;
      return jsonResponse(envelope(parent === undefined ? PROVINCES : (CITIES[parent] ?? [])));
    }
    if (path === '/api/app/enterprise/directory')
      return jsonResponse(envelope(body.search === 2 ? BEIJING_LIST : []));
    return jsonResponse(envelope(null, 1, 'unexpected'));
  });
}

function renderFields(): { form: () => FormInstance<RegulatorValues> } {
  let instance: FormInstance<RegulatorValues> | undefined;
  function Harness() {
    const [form] = Form.useForm<RegulatorValues>();
    instance = form;
    return (
      <Form form={form}>
        <RegulatorFields />
      </Form>
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return {
    form: () => {
      if (instance === undefined) throw new Error('form not rendered');
      return instance;
    },
  };
}

async function open(label: string): Promise<void> {
  fireEvent.mouseDown(await screen.findByLabelText(label));
}

async function pickTree(label: string, title: string): Promise<void> {
  await open(label);
  const option = await waitFor(() => {
    const found = document.querySelector(`.ant-select-tree-node-content-wrapper[title="${title}"]`);
    if (found === null) throw new Error(`no ${title}`);
    return found;
  });
  fireEvent.click(option);
}

async function pickOption(label: string, title: string): Promise<void> {
  await open(label);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll(`.ant-select-item-option[title="${title}"]`)].at(-1);
    if (found === undefined) throw new Error(`no ${title}`);
    return found;
  });
  fireEvent.click(option);
}

describe('RegulatorFields (SH-5.10)', () => {
  it('asks nothing more of a central regulator', async () => {
    serve();
    const { form } = renderFields();
    await pickTree('监管机构', '国务院国资委');
    await waitFor(() => expect(form().getFieldValue('regulatoryBodies')).toBe('A02001'));
    expect(screen.queryByLabelText('监管机构所在省')).toBeNull();
    expect(screen.queryByLabelText('监管机构所在市')).toBeNull();
  });

  it('asks a provincial regulator for the province only', async () => {
    serve();
    const { form } = renderFields();
    await pickTree('监管机构', '省级国资委');
    await pickOption('监管机构所在省', '广东省');
    await waitFor(() => expect(form().getFieldValue('regulatoryBodiesProvince')).toBe('440000'));
    expect(screen.queryByLabelText('监管机构所在市')).toBeNull();
  });

  it('asks a city regulator for province and city, loading the province cities', async () => {
    const { calls } = serve();
    const { form } = renderFields();
    await pickTree('监管机构', '市级国资委');
    await pickOption('监管机构所在省', '广东省');
    await pickOption('监管机构所在市', '广州市');
    await waitFor(() => expect(form().getFieldValue('regulatoryBodiesCity')).toBe('440100'));
    expect(
      calls.some((call) => call.url === '/api/app/getZoningDict' && call.body === '{"parentCode":"440000"}'),
    ).toBe(true);
  });

  it('defaults a municipality city to 市辖区', async () => {
    serve();
    const { form } = renderFields();
    await pickTree('监管机构', '市级国资委');
    await pickOption('监管机构所在省', '北京市');
    await waitFor(() => expect(form().getFieldValue('regulatoryBodiesCity')).toBe('110100'));
    expect(await screen.findByText('市辖区')).toBeTruthy();
  });

  it('offers the Beijing state-asset list for Beijing with a SASAC regulator and fills the credit code', async () => {
    const { calls } = serve();
    const { form } = renderFields();
    await pickTree('监管机构', '省级国资委');
    await pickOption('监管机构所在省', '北京市');
    // The typed field turns into the list once Beijing and a SASAC regulator are both chosen.
    await waitFor(() => expect(screen.getByLabelText('国家出资企业').getAttribute('role')).toBe('combobox'));
    await pickOption('国家出资企业', '北京首都创业集团有限公司');
    await waitFor(() => expect(form().getFieldValue('stateCreditCode')).toBe('91110000101100709X'));
    expect(form().getFieldValue('stateFundedEnter')).toBe('北京首都创业集团有限公司');
    expect(
      calls.some((call) => call.url === '/api/app/enterprise/directory' && call.body === '{"search":2}'),
    ).toBe(true);
  });

  it('lets other provinces type the state-funded enterprise', async () => {
    const { calls } = serve();
    renderFields();
    await pickTree('监管机构', '省级国资委');
    await pickOption('监管机构所在省', '广东省');
    const input = screen.getByLabelText<HTMLInputElement>('国家出资企业');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('role')).toBeNull();
    expect(calls.some((call) => call.url === '/api/app/enterprise/directory')).toBe(false);
  });
});
