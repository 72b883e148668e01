import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { checkParticipantContactMobile } from '@cqjy/domain/projects/participants';
import { CertNoField, certNoKeptHint, ContactFields } from './party-fields.tsx';

function Party({ stored, onFinish }: { stored: string | null; onFinish: (values: unknown) => void }) {
  return (
    <Form initialValues={{ certType: 'idCard' }} onFinish={onFinish}>
      <CertNoField
        dependencies={['certType']}
        isRequired={stored === null}
        extra={stored === null ? undefined : certNoKeptHint(stored)}
        keepsCertNo={(values) => stored !== null && (values.certNo ?? '') === ''}
      />
      <ContactFields />
      <Button htmlType="submit">保存</Button>
    </Form>
  );
}

describe('the party fields', () => {
  it("checks a new party's number, contact and mobile with the domain's messages", async () => {
    let saved: unknown = null;
    render(<Party stored={null} onFinish={(values) => (saved = values)} />);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请填写证件号码')).toBeTruthy();
    expect(screen.getByText('请填写联系人')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('证件号码'), { target: { value: '11010519491231002X' } });
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '张三' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(checkParticipantContactMobile('123') ?? '')).toBeTruthy();
    expect(saved).toBeNull();
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(saved).toMatchObject({ certNo: '11010519491231002X', contactMobile: '13800000001' }),
    );
  });

  it('keeps the stored number of an edit when the field is left blank, and says so', async () => {
    let saved: unknown = null;
    render(<Party stored="110105********002X" onFinish={(values) => (saved = values)} />);
    expect(screen.getByText(certNoKeptHint('110105********002X'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText('联系人'), { target: { value: '张三' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved).toMatchObject({ contactName: '张三' }));
  });
});
