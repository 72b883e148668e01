// The e-signature of a company's draft 发文 (optional): 生成签章件 draws the document as a PDF; the PDF is shown
// with the sign-off panel, whose SMS code goes to the signer's own mobile bound to that PDF (the calls of this
// module, not the workflow's); 电子签章 seals it with the company's seal. Once signed, the signed PDF is shown.
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Space } from 'antd';
import type { DocumentDetail } from '@cqjy/domain/documents';
import { MSG } from '@cqjy/domain/messages';
import { notify } from '../../lib/notify.ts';
import { useSession } from '../../lib/session-store.ts';
import { useBusy } from '../../lib/use-busy.ts';
import { LetterViewer, SignOffPanel, signerParam } from '../../components/index.ts';
import { checkSignCode, drawLetter, sendSignCode, signDocument } from './api.ts';

export function DocumentSignCard({ doc }: { doc: DocumentDetail }) {
  const queryClient = useQueryClient();
  const user = useSession((session) => session.userInfo);
  const { busy, run } = useBusy<'draw'>();
  const refresh = (): Promise<void> => queryClient.invalidateQueries({ queryKey: ['documents', 'sending'] });

  const onDraw = (): Promise<void> =>
    run('draw', async () => {
      await drawLetter(doc);
      await refresh();
    });

  if (doc.letterId === null) {
    return (
      <Card title="电子签章（可选）">
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title="发文可加盖本单位电子签章后发送：先生成发文签章件，再以本人手机接收的短信验证码签章；也可不签章直接发送。"
          />
          <Button type="primary" loading={busy === 'draw'} onClick={() => void onDraw()}>
            生成签章件
          </Button>
        </Space>
      </Card>
    );
  }

  const param = signerParam(user, {
    id: doc.id,
    category: 'document',
    task: { type: 'EicSre', id: doc.id, actionId: doc.id },
    duanxin: true,
  });

  return (
    <Card title="电子签章（可选）">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <LetterViewer file={{ uuid: doc.letterId, name: `${doc.title}.pdf` }} title={doc.title} />
        <SignOffPanel
          param={param}
          flow="application"
          mode="sign"
          signText="电子签章"
          codeCalls={{
            send: () => sendSignCode(doc.id),
            check: (otp) => checkSignCode(doc.id, otp),
          }}
          onApply={async (request) => signDocument(doc, request.otp)}
          onSuccess={(_result, answer) => {
            notify.success(answer.msg || MSG.documentSigned);
            void refresh();
          }}
        />
      </Space>
    </Card>
  );
}
