// BF-7.2: the two long calls of a disposal wait longer than the default 30 s: the import of a large batch up to a
// minute, the batch signature up to two minutes; every other call keeps the default.
import { TIMEOUTS } from '@cqjy/domain/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const call = vi.hoisted(() => ({ callApi: vi.fn(), fetchData: vi.fn() }));
vi.mock('../../lib/call.ts', () => call);

const { inputVehicleData, previewVehicleImport, saveVehicle, signatureAndSubmit } = await import('./api.ts');

beforeEach(() => {
  call.callApi.mockReset().mockResolvedValue({ status: 200, msg: '', data: null });
  call.fetchData.mockReset().mockResolvedValue(null);
});

describe('the disposal calls’ time-outs', () => {
  it('lets signatureAndSubmit run for 120 000 ms', async () => {
    await signatureAndSubmit({ taskIds: [1, 2], otp: '123456' });
    const [contract, , options] = call.callApi.mock.calls[0] as [
      { path: string },
      unknown,
      { timeoutMs: number },
    ];
    expect(contract.path).toBe('/api/project/motorVehicle/signatureAndSubmit');
    expect(options.timeoutMs).toBe(120_000);
    expect(TIMEOUTS.signatureAndSubmitMs).toBe(120_000);
  });

  it('lets inputVehicleData and its preview run for 60 000 ms', async () => {
    await previewVehicleImport({ projectId: 1, fileUuid: 'u' } as never);
    await inputVehicleData({ projectId: 1, fileUuid: 'u' } as never);
    const seen = call.fetchData.mock.calls.map(([contract, , options]) => [
      (contract as { path: string }).path,
      (options as { timeoutMs?: number }).timeoutMs,
    ]);
    expect(seen).toEqual([
      ['/api/project/motorVehicle/inputVehicleData/preview', 60_000],
      ['/api/project/motorVehicle/inputVehicleData', 60_000],
    ]);
  });

  it('keeps the default time-out for an ordinary save', async () => {
    await saveVehicle({} as never);
    const [, , options] = call.fetchData.mock.calls[0] as [unknown, unknown, { timeoutMs?: number }];
    expect(options.timeoutMs).toBeUndefined();
  });
});
