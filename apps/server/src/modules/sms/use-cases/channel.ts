// 短信管理's reference views: the templates the contents are built from and the channel's state.
import {
  exampleSmsText,
  SMS_PROVIDER_WINDOW_HOURS,
  SMS_TEMPLATE_CODES,
  SMS_TEMPLATES,
  smsPurposeLabel,
  type SmsProviderState,
  type SmsTemplateCode,
  type SmsTemplateItem,
  type SmsTemplateParam,
} from '@cqjy/domain';
import type { SmsDeps } from '../deps.ts';
import { UNEXPLAINED_FAILURE } from '../outbox.ts';
import * as repo from '../repo.ts';

const HOUR_MS = 60 * 60 * 1000;

function toTemplateItem(code: SmsTemplateCode): SmsTemplateItem {
  const template = SMS_TEMPLATES[code];
  const params: Readonly<Record<string, SmsTemplateParam>> = template.params;
  return {
    code,
    name: template.name,
    text: template.text,
    params: Object.entries(params).map(([name, param]) => ({ name, ...param })),
    purposes: template.purposes.map((purpose) => ({ code: purpose, label: smsPurposeLabel(purpose) })),
    example: exampleSmsText(code),
  };
}

export function templates(_deps: SmsDeps): SmsTemplateItem[] {
  return SMS_TEMPLATE_CODES.map(toTemplateItem);
}

export async function providerState({ db, clock, provider }: SmsDeps): Promise<SmsProviderState> {
  const now = clock.now();
  const counts = await repo.countByStatus(db, new Date(now.getTime() - SMS_PROVIDER_WINDOW_HOURS * HOUR_MS));
  const failure = await repo.findLastFailure(db);
  return {
    name: provider.name,
    isConfigured: provider.isConfigured ?? true,
    endpoint: provider.endpoint ?? null,
    windowHours: SMS_PROVIDER_WINDOW_HOURS,
    counts,
    lastError:
      failure === undefined
        ? null
        : {
            smsId: failure.id,
            error: failure.error ?? UNEXPLAINED_FAILURE,
            at: failure.createdAt.toISOString(),
          },
    checkedAt: now.toISOString(),
  };
}
