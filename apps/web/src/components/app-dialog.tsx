// The portal's dialogs come in the spec's three widths (SH-9.5): small 420, medium 500 and large 580 px.
import { Modal } from 'antd';
import type { ModalProps } from 'antd';
import { DIALOG_WIDTHS } from '@cqjy/domain/constants';

export type DialogSize = keyof typeof DIALOG_WIDTHS;

export type AppDialogProps = Omit<ModalProps, 'width'> & {
  size?: DialogSize;
  /** wider content (a PDF page) may ask for more than the size gives, never less */
  minWidth?: number;
};

export function AppDialog({ size = 'md', minWidth = 0, ...props }: AppDialogProps) {
  return <Modal width={Math.max(DIALOG_WIDTHS[size], minWidth)} {...props} />;
}
