import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import type { AttachmentItem } from '@cqjy/domain/api';
import { setNotifier } from '../lib/notify.ts';
import { setSession } from '../lib/session-store.ts';
import { createFakeNotifier } from '../test/fake-notifier.ts';
import type { FakeNotifier } from '../test/fake-notifier.ts';
import { FileUpload } from './file-upload.tsx';
import type { FileUploadProps } from './file-upload.tsx';

/** Records each upload; a test answers it, reports progress or fails it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  send(body: FormData): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort(): void {
    this.onabort?.();
  }
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(body: unknown, status = 200): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

let notifier: FakeNotifier;
const MB = 1024 * 1024;

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  notifier = createFakeNotifier();
  setNotifier(notifier);
  setSession({ token: 'token-7' });
});

afterEach(() => {
  setNotifier(null);
  setSession({ token: null });
  vi.unstubAllGlobals();
});

function stored(uuid: string, name: string): AttachmentItem {
  return {
    uuid,
    tag: 'approvalFile',
    name,
    fileName: name,
    contentType: 'application/pdf',
    size: 10,
    dateCreated: '2026-01-02T03:04:05.000Z',
    labelName: name.replace(/\.[^.]+$/, ''),
  };
}

function Harness({ initial = [], ...props }: Partial<FileUploadProps> & { initial?: AttachmentItem[] }) {
  const [value, setValue] = useState<AttachmentItem[]>(initial);
  return (
    <>
      <FileUpload
        tag="approvalFile"
        dataClass="project"
        dataId="42"
        value={value}
        onChange={setValue}
        {...props}
      />
      <output data-testid="value">{value.map((item) => item.uuid).join(',')}</output>
    </>
  );
}

function makeFile(name: string, size = 10): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function pick(container: HTMLElement, ...files: File[]): void {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

const value = () => screen.getByTestId('value').textContent;

describe('FileUpload refuses bad files before sending (SH-5.7 to SH-5.9, SH-8.9)', () => {
  const cases: [string, File, Partial<FileUploadProps>, string][] = [
    [
      'a type outside the list',
      makeFile('setup.exe'),
      {},
      '仅支持上传 txt、doc、docx、xlsx、xls、pdf、png、jpg、jpeg、zip、rar格式的文件',
    ],
    [
      'a type outside the control list',
      makeFile('a.docx'),
      { accept: '.pdf,.png' },
      '仅支持上传 pdf、png格式的文件',
    ],
    ['an illegal name', makeFile('合同 (1).pdf'), {}, '文件名包含非法字符！'],
    ['an empty file', makeFile('合同.pdf', 0), {}, '文件大小不能为0KB'],
    ['more than 50 MB', makeFile('合同.pdf', 50 * MB + 1), {}, '文件大小不能超过50M'],
    [
      'more than 30 MB in drag mode',
      makeFile('合同.pdf', 30 * MB + 1),
      { isDrag: true },
      '文件大小不能超过30M',
    ],
    ['more than the control size', makeFile('合同.pdf', 5 * MB + 1), { maxSizeMb: 5 }, '文件大小不能超过5M'],
  ];
  for (const [what, file, props, message] of cases) {
    it(`refuses ${what}`, async () => {
      const { container } = render(<Harness {...props} />);
      pick(container, file);
      await waitFor(() => expect(notifier.error).toHaveBeenCalledWith(message));
      expect(FakeXhr.sent).toHaveLength(0);
    });
  }

  it('refuses a pick that would pass the count limit, once for the whole pick', async () => {
    const { container } = render(<Harness maxCount={2} initial={[stored('u1', '一.pdf')]} />);
    pick(container, makeFile('二.pdf'), makeFile('三.pdf'));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('最多上传2个文件，当前已选择3个'));
    expect(notifier.error).toHaveBeenCalledTimes(1);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('lists the accepted types on the file input', () => {
    const { container } = render(<Harness />);
    expect(container.querySelector('input[type="file"]')?.getAttribute('accept')).toBe(
      '.txt,.doc,.docx,.xlsx,.xls,.pdf,.png,.jpg,.jpeg,.zip,.rar',
    );
  });
});

describe('FileUpload sends a good file', () => {
  it('posts the form with the bearer token, shows progress and adds the stored file', async () => {
    const { container } = render(<Harness />);
    pick(container, makeFile('批复文件.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/attachment/upload']);
    expect(xhr.headers.Authorization).toBe('Bearer token-7');
    expect(xhr.timeout).toBe(36_000_000);
    expect(xhr.body?.get('tag')).toBe('approvalFile');
    expect(xhr.body?.get('command')).toBe('upload');
    expect(xhr.body?.get('dataClass')).toBe('project');
    expect(xhr.body?.get('dataId')).toBe('42');
    expect(xhr.body?.get('delete')).toBeNull();
    act(() => xhr.progress(45, 100));
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45'));
    act(() => xhr.answer({ status: 0, msg: '', data: { approvalFile: [stored('u9', '批复文件.pdf')] } }));
    await waitFor(() => expect(value()).toBe('u9'));
    expect(screen.getByText('批复文件.pdf')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows the server message of status 1 and marks the file 附件上传错误', async () => {
    const { container } = render(<Harness />);
    pick(container, makeFile('批复文件.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]?.answer({ status: 1, msg: '文件内容与扩展名不符', data: null }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('文件内容与扩展名不符'));
    expect(await screen.findByText('附件上传错误')).toBeTruthy();
    expect(value()).toBe('');
  });

  it('answers a non-200 with the catalogue message', async () => {
    const { container } = render(<Harness />);
    pick(container, makeFile('批复文件.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]?.answer({}, 500));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('通讯异常，请联系系统管理员！', 5));
  });

  it('answers an upload that gets no response at all with 连接超时 for 5 s', async () => {
    const { container } = render(<Harness />);
    pick(container, makeFile('批复文件.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]?.onerror?.());
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('连接超时，请稍后刷新重试！', 5));
    expect(notifier.error).not.toHaveBeenCalledWith('通讯异常，请联系系统管理员！', 5);
  });

  it('re-uploads a single file by replacing it, and says so when no file comes back', async () => {
    const { container } = render(<Harness maxCount={1} initial={[stored('u1', '旧.pdf')]} />);
    pick(container, makeFile('新.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]?.body?.get('delete')).toBe('true');
    act(() => FakeXhr.sent[0]?.answer({ status: 0, msg: '', data: {} }));
    await waitFor(() => expect(notifier.error).toHaveBeenCalledWith('未获取到文件地址'));
    expect(value()).toBe('u1');

    pick(container, makeFile('新.pdf'));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() =>
      FakeXhr.sent[1]?.answer({ status: 0, msg: '', data: { approvalFile: [stored('u2', '新.pdf')] } }),
    );
    await waitFor(() => expect(value()).toBe('u2'));
  });

  it('tells the user a locked file cannot be deleted', () => {
    render(<Harness initial={[stored('u1', '批复文件.pdf')]} isLocked={() => true} />);
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(notifier.warning).toHaveBeenCalledWith('该文件不可删除');
    expect(value()).toBe('u1');
  });
});
