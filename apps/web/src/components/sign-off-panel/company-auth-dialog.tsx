// The company authentication dialog of the sign-off panel (BF-2.6, BF-4.7): a company whose authentication is
// under review (2) or was refused (3) may not e-sign; the dialog says which and offers the /auth page.
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { COMPANY_AUTH_STATUS } from '@cqjy/domain/accounts';
import { MSG } from '@cqjy/domain/messages';
import { AppDialog } from '../app-dialog.tsx';
import { AUTH_PATH } from '../auth-prompt.tsx';

/** BF-4.7: the company authentication states that block 电子签章并提交. */
export function isCompanyAuthBlocking(companyAuthStatus: number | null | undefined): boolean {
  return (
    companyAuthStatus === COMPANY_AUTH_STATUS.underReview || companyAuthStatus === COMPANY_AUTH_STATUS.refused
  );
}

export type CompanyAuthDialogProps = {
  open: boolean;
  companyAuthStatus: number;
  onClose: () => void;
};

export function CompanyAuthDialog({ open, companyAuthStatus, onClose }: CompanyAuthDialogProps) {
  const navigate = useNavigate();
  const isUnderReview = companyAuthStatus === COMPANY_AUTH_STATUS.underReview;
  return (
    <AppDialog
      size="sm"
      title={MSG.companyAuthDialogTitle}
      open={open}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {isUnderReview ? '知道了' : '暂不认证'}
        </Button>,
        // Under review there is nothing to do but wait; refused, the company may submit again.
        isUnderReview ? null : (
          <Button
            key="auth"
            type="primary"
            onClick={() => {
              onClose();
              void navigate(AUTH_PATH);
            }}
          >
            去认证
          </Button>
        ),
      ]}
    >
      <p>{isUnderReview ? MSG.companyAuthUnderReviewBlock : MSG.companyAuthRefusedBlock}</p>
    </AppDialog>
  );
}
