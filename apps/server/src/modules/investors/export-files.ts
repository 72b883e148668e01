// The files the export routes answer (plain byte routes, no envelope): the investors the caller sees as a workbook
// or, for one project, as a PDF headed by the project's plan. The list is read first: it answers 404 for a project
// the caller may not see, before anything of the project is read.
import { fenToYuan, formatShare, formatThousands } from '@cqjy/domain';
import type { FastifyReply } from 'fastify';
import type { SessionContext } from '../../platform/auth.ts';
import { contentDisposition, XLSX_TYPE } from '../../platform/content-disposition.ts';
import { buildInvestorsWorkbook, renderInvestorsPdf } from './exports.ts';
import type { InvestorsService } from './service.ts';

export type ExportFile = { name: string; type: string; bytes: Uint8Array };

export function sendFile(reply: FastifyReply, file: ExportFile) {
  return reply
    .header('content-type', file.type)
    .header('content-length', String(file.bytes.length))
    .header('content-disposition', contentDisposition('attachment', file.name))
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** The workbook of the investors the viewer sees, named after the project (or 投资方登记: the caller's own). */
export async function investorsWorkbookOf(
  investors: InvestorsService,
  viewer: SessionContext,
  projectId: number | undefined,
  family?: string,
): Promise<ExportFile> {
  const list = await investors.list(viewer, { projectId, family });
  if (projectId === undefined) {
    return {
      name: '投资方登记.xlsx',
      type: XLSX_TYPE,
      bytes: await buildInvestorsWorkbook('投资方登记', list),
    };
  }
  const { project } = await investors.exportHead(projectId);
  return {
    name: `${project.code}${project.name}投资方名单.xlsx`,
    type: XLSX_TYPE,
    bytes: await buildInvestorsWorkbook(`${project.name}投资方名单`, list),
  };
}

/** The project's investors as a PDF: the plan's figures above the list, the exchange and the day below. */
export async function investorsPdfOf(
  investors: InvestorsService,
  viewer: SessionContext,
  projectId: number,
  family: string,
): Promise<ExportFile> {
  const list = await investors.list(viewer, { projectId, family });
  const { project, plan, ownerName, exchangeName, day } = await investors.exportHead(projectId);
  const money = (fen: number | undefined) =>
    fen === undefined ? '—' : `${formatThousands(fenToYuan(fen))}元`;
  const bytes = await renderInvestorsPdf({
    title: `${project.name}投资方名单`,
    facts: [
      { label: '项目名称', value: project.name },
      { label: '项目编号', value: project.code },
      { label: '增资企业', value: plan.enterpriseName ?? ownerName },
      {
        label: '拟募集资金金额',
        value: `${money(plan.raiseMin)}至${plan.raiseMax === undefined ? '不设上限' : money(plan.raiseMax)}`,
      },
      {
        label: '拟新增股权比例',
        value: plan.offeredShare === undefined ? '—' : `${formatShare(plan.offeredShare)}%`,
      },
      {
        label: '拟征集投资方数量',
        value: plan.investorCount === undefined ? '—' : `${plan.investorCount}名`,
      },
      { label: '登记投资方', value: `${list.length}名` },
    ],
    investors: list,
    issuer: exchangeName,
    day,
  });
  return { name: `${project.code}${project.name}投资方名单.pdf`, type: 'application/pdf', bytes };
}
