// A page opened without the record it shows or acts on (a bookmark, a reload, an address typed without its query):
// it says where the record is picked and takes the user there (closing this tab), instead of an empty page.
import { Result } from 'antd';
import { CloseButton } from './close-button.tsx';

export type RecordNeededProps = {
  /** where to start from: 请从项目页进入 */
  title: string;
  description?: string;
  /** the list to pick the record in, narrowed to the records that fit */
  to: string;
  /** the list's name: 我的项目 */
  linkLabel: string;
};

export function RecordNeeded({ title, description, to, linkLabel }: RecordNeededProps) {
  return (
    <Result
      status="info"
      title={title}
      subTitle={description}
      extra={
        <CloseButton type="primary" to={to}>
          {linkLabel}
        </CloseButton>
      }
    />
  );
}
