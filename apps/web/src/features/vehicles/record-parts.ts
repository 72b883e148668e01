// What the dismantling record's screens share: the photos' types, the limits of its texts, the fields a copy from
// another vehicle leaves out, and how a value and a step's photos read.

import type { useQueryClient } from '@tanstack/react-query';
import type { AttachmentItem } from '@cqjy/domain/api';
import { RECORD_STEPS, type RecordStatus, type RecordStepKey } from '@cqjy/domain/vehicle-records';
import { vehicleKeys, type DismantlingRecordView } from './api.ts';

export const PHOTO_TYPES = ['jpg', 'jpeg', 'png'] as const;
export const REMARK_MAX = 500;
export const ENTERPRISE_MAX = 100;
/** The fields a fleet's vehicles do not share: never copied from another vehicle. */
export const NOT_COPIED = new Set([
  'entryDate',
  'certificateDate',
  'breakupDate',
  'disintegrateDate',
  'certificateNo',
]);

export const STATUS_COLORS: Record<RecordStatus, string> = {
  editing: 'processing',
  letterGenerated: 'gold',
  signed: 'success',
};

export const labelOf = (options: readonly { value: string; label: string }[], value: unknown): string =>
  options.find((option) => option.value === value)?.label ?? '—';

export const isImage = (file: AttachmentItem): boolean => file.contentType.startsWith('image/');

export const photosOf = (record: DismantlingRecordView, step: RecordStepKey): AttachmentItem[] => {
  const tag = RECORD_STEPS.find((each) => each.key === step)?.photoTag ?? null;
  return tag === null ? [] : record.photos[tag];
};

export const refreshAll = (queryClient: ReturnType<typeof useQueryClient>): Promise<void> =>
  queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
