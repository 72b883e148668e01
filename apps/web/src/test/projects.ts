// A whole project as GET /api/project/show/{id} answers it, for the pages that draw one.
import type { ProjectView } from '@cqjy/domain/workflow/views';

export function makeProjectView(overrides: Partial<ProjectView> = {}): ProjectView {
  return {
    id: 7,
    name: '北京示范国有资产经营有限公司废旧设备一批',
    code: 'GR2026BJ1000123',
    status: 'disclosing',
    statusLabel: '披露中',
    family: 'bulk',
    businessType: '1',
    companyId: 10,
    companyName: '华北示范实业集团有限公司',
    agentCompanyId: null,
    agentCompanyName: null,
    disclosureStart: '2026-02-20T00:00:00.000Z',
    disclosureEnd: '2026-03-20T00:00:00.000Z',
    pausedAt: null,
    version: 1,
    details: {},
    attachments: {},
    signedLetters: [],
    ...overrides,
  };
}
