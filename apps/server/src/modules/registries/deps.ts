// What the registries kit's use cases are given (service.ts wires them), and what its files answer.
import type { Readable } from 'node:stream';
import type { PlatformDeps } from '../../platform/deps.ts';
import type { AttachmentsService } from '../attachments/service.ts';
import type { AuditService } from '../audit/service.ts';

export type RegistriesDeps = Pick<PlatformDeps, 'db'> & {
  audit: AuditService;
  attachments: AttachmentsService;
};

export type RegistryFile = { fileName: string; bytes: Buffer };

/** A workbook written as it is read: the reply's body. */
export type RegistryExport = { fileName: string; body: Readable };
