// The e-signature of a registration whose letter is drawn (letterGenerated): the letter is shown with the sign-off
// panel, whose SMS code goes to the signer's own mobile bound to that letter (this module's calls, not the
// workflow's); 签章并提交 seals it with the member's seal and sends the registration to the qualification review.
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Space } from 'antd';
import type { IntentionDetail } from '@cqjy/domain/intentions';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import { LetterViewer, SignOffPanel, signerParam } from '../../components/index.ts';
import { checkIntentionSignCode, sendIntentionSignCode, signIntention } from './api.ts';

export const letterName = (intention: Pick<IntentionDetail, 'name'>): string =>
  `意向登记函（${intention.name}）`;

export function IntentionSignCard({ intention }: { intention: IntentionDetail }) {
  const queryClient = useQueryClient();
  const user = useSession((session) => session.userInfo);
  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: ['intentions'] });

  const param = signerParam(user, {
    id: intention.id,
    projectId: intention.projectId,
    category: 'intention',
    task: { type: 'EicSre', id: intention.id, actionId: intention.id },
    duanxin: true,
  });

  return (
    <Card title="登记函签章">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="info" showIcon title={MSG.intentionSignHint} />
        <LetterViewer
          file={
            intention.letterId === null
              ? null
              : { uuid: intention.letterId, name: `${letterName(intention)}.pdf` }
          }
          title={letterName(intention)}
        />
        <SignOffPanel
          param={param}
          flow="application"
          mode="sign"
          signText="签章并提交"
          codeCalls={{
            send: () => sendIntentionSignCode(intention.id),
            check: (otp) => checkIntentionSignCode(intention.id, otp),
          }}
          onApply={async (request) => signIntention(intention, request.otp)}
          onSuccess={(_result, answer) => {
            notify.success(answer.msg || MSG.intentionSigned);
            void refresh();
          }}
          onCallback={() => void refresh()}
        />
      </Space>
    </Card>
  );
}
