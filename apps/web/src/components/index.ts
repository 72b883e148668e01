// The common widgets of the spec (spec 000 section 2, spec 001 section 2); pages import them from here.
export { AppDialog } from './app-dialog.tsx';
export { clearErrorsOnChange, fieldErrorsOf } from './form-errors.ts';
export type { AppDialogProps, DialogSize } from './app-dialog.tsx';
export { PickDialog } from './pick-dialog.tsx';
export type { PickDialogProps } from './pick-dialog.tsx';
export { AuthPrompt, AUTH_PATH } from './auth-prompt.tsx';
export type { AuthPromptProps } from './auth-prompt.tsx';
export { CloseButton, resolveCloseTarget } from './close-button.tsx';
export { PageLoading, PageNotFound } from './page-states.tsx';
export type { CloseButtonProps, CloseQuery } from './close-button.tsx';
export { CodeInput } from './code-input.tsx';
export type { CodeInputProps } from './code-input.tsx';
export { DayPicker } from './day-picker.tsx';
export type { DayPickerProps } from './day-picker.tsx';
export { CountedTextArea } from './counted-text-area.tsx';
export type { CountedTextAreaProps } from './counted-text-area.tsx';
export { FileActions, FileRow, displayFileName, listFileActions } from './file-row.tsx';
export type { FileAction, FileRowItem, FileRowProps } from './file-row.tsx';
export { FileUpload } from './file-upload.tsx';
export type { FileUploadProps } from './file-upload.tsx';
export { NumberInput, RatioInput } from './number-input.tsx';
export type { NumberInputProps, RatioInputProps } from './number-input.tsx';
export { LetterViewer } from './letter-viewer.tsx';
export { PdfPreviewDialog } from './pdf-preview-dialog.tsx';
export type { PdfPreviewDialogProps } from './pdf-preview-dialog.tsx';
export { RegulatorFields, REGULATOR_DICTIONARY, REGULATOR_FIELDS } from './regulator-fields.tsx';
export type { RegulatorFieldsProps, RegulatorValues } from './regulator-fields.tsx';
export { RecordNeeded } from './record-needed.tsx';
export type { RecordNeededProps } from './record-needed.tsx';
export { ReturnReasonDialog, checkReason } from './return-reason-dialog.tsx';
export type { ReturnReasonDialogProps } from './return-reason-dialog.tsx';
export { createThrottledWarning, useThrottledWarning } from './use-throttled-warning.ts';
export type { ShowWarning } from './use-throttled-warning.ts';
export { CollapsibleMore } from './collapsible-more.tsx';
export type { CollapsibleMoreProps } from './collapsible-more.tsx';
export { FixedActionBar } from './fixed-action-bar.tsx';
export type { FixedActionBarProps } from './fixed-action-bar.tsx';
export { applySearch, pagedTableProps, ProjectFilterFields, SearchActions } from './search-form.tsx';
export {
  fitColumns,
  LIST_TABLE_WIDTH,
  moneyColumn,
  MONEY_WIDTH,
  projectColumn,
  SELECTION_WIDTH,
  tableMinWidth,
  TEXT_MIN_WIDTH,
} from './table-columns.tsx';
export type { FitOptions, TitledColumn } from './table-columns.tsx';
export { SignOutButton, TopLevelFrame } from './top-level-frame.tsx';
export { SignOffPanel } from './sign-off-panel/sign-off-panel.tsx';
export type { SignOffPanelProps, SignOffSuccess } from './sign-off-panel/sign-off-panel.tsx';
export {
  buildSignRequest,
  signerParam,
  signOffFlowOf,
  sendSignOffOtp,
  checkSignOffOtp,
  postSignOff,
} from './sign-off-panel/sign-request.ts';
export type { SignOffPanelFlow } from './sign-off-panel/sign-request.ts';
export { WarmReminderDialog } from './sign-off-panel/warm-reminder-dialog.tsx';
export type { WarmReminderDialogProps } from './sign-off-panel/warm-reminder-dialog.tsx';
export { CompanyAuthDialog, isCompanyAuthBlocking } from './sign-off-panel/company-auth-dialog.tsx';
export { AttachmentTable } from './sign-off-panel/attachment-table.tsx';
export type { AttachmentTableProps, SignOffAttachment } from './sign-off-panel/attachment-table.tsx';
export { EditableTable } from './sign-off-panel/editable-table.tsx';
export type { EditableColumn, EditableRow, EditableTableProps } from './sign-off-panel/editable-table.tsx';
export { RequiredFormItem, requiredMessage } from './sign-off-panel/required-form-item.tsx';
export type { RequiredFormItemProps } from './sign-off-panel/required-form-item.tsx';
export { Chart } from './chart/chart.tsx';
export type { ChartOption } from './chart/chart.tsx';
export {
  CertNoField,
  certNoKeptHint,
  CertTypeField,
  checkRule,
  ContactFields,
  CustomerPickDialog,
  KindField,
  partyOfCustomer,
  settleCheck,
} from './party-fields.tsx';
export type { CertNoFieldProps } from './party-fields.tsx';
