// The one page of every workflow step route (portal-routes maps each Aon, Edit, MfyRrn and EicSre route name of
// the registry here): the route's handle names the family, action and step, and the matching screen is drawn
// from the action's configuration in the domain registry.
import { Result } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import { CloseButton } from '../../components/index.ts';
import { AonScreen } from './aon-screen.tsx';
import { EicSreScreen } from './eic-sre-screen.tsx';
import { MfyRrnScreen } from './mfy-rrn-screen.tsx';
import { useStepContext } from './step-context.ts';

export function WorkflowStepPage() {
  const context = useStepContext();
  const config = context?.config;
  if (context === null || config === undefined) {
    return <Result status="info" title={MSG.notOpenYet} extra={<CloseButton />} />;
  }
  switch (context.step) {
    case 'Aon':
    case 'Edit':
      return <AonScreen key={context.routeName} config={config} routeName={context.routeName} />;
    case 'MfyRrn':
      return <MfyRrnScreen key={context.routeName} config={config} />;
    case 'EicSre':
      return <EicSreScreen key={context.routeName} config={config} />;
    default:
      return <Result status="info" title={MSG.notOpenYet} extra={<CloseButton />} />;
  }
}
