// What a page shows while its data loads, and when there is nothing for this person to see: an address without its
// id, a row that does not exist or is another company's (the server answers 404, and the page says no more).
import { Result, Spin } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { CloseButton } from './close-button.tsx';

export function PageLoading() {
  return (
    <div style={{ textAlign: 'center', padding: 48 }}>
      <Spin />
    </div>
  );
}

export function PageNotFound() {
  return <Result status="warning" title={MSG.notFound} extra={<CloseButton />} />;
}
