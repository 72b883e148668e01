// The one page of every workflow step route (portal-routes maps every step of an action the engine serves here):
// the route's handle names the family, action and step, and the matching screen is drawn from the action's
// configuration in the domain registry. An action that lacks a screen of its own for a step (the letter-only
// withdrawal, survey, exhibition and price-deduction actions; the handover without a letter; the information
// records of the Page screens; the member's registration letter and its Show view) serves every step on the
// screens it has: the instance's state then decides what is shown. A screen that cannot tell its project (no
// ?id= or ?projectId=, or a screen the equity families share without ?family=) sends the user to pick one
// (ProjectNeeded).
import { useQuery } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import { MSG } from '@cqjy/domain/messages';
import type { ActionConfig } from '@cqjy/domain/workflow/actions';
import { CloseButton } from '../../components/index.ts';
import { actionQuery } from './api.ts';
import { AonScreen } from './aon-screen.tsx';
import { EicSreScreen } from './eic-sre-screen.tsx';
import { MfyRrnScreen } from './mfy-rrn-screen.tsx';
import { ProjectNeeded } from './project-needed.tsx';
import { useStepContext, useStepQuery } from './step-context.ts';

/** The screen of a compact action's instance, by its state: a new one from the project, the form, the return, the letter. */
function CompactStepScreen({ config, routeName }: { config: ActionConfig; routeName: string }) {
  const { id } = useStepQuery();
  const view = useQuery({
    ...actionQuery(config, id ?? 0),
    enabled: id !== null,
  });
  if (id === null) return <AonScreen config={config} routeName={routeName} />;
  if (view.data === undefined) {
    return view.isError ? (
      <Result status="error" title={MSG.notFound} extra={<CloseButton />} />
    ) : (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );
  }
  const { status, openTask } = view.data;
  if (status === 'draft') return <AonScreen config={config} routeName={routeName} />;
  if (status === 'returned' && openTask?.type === 'MfyRrn') return <MfyRrnScreen config={config} />;
  return <EicSreScreen config={config} />;
}

export function WorkflowStepPage() {
  const context = useStepContext();
  const config = context?.config;
  // no family: a screen the equity families share, opened without ?family=
  if (context === null || config === undefined) return <ProjectNeeded />;
  if (config.isCompact) {
    return <CompactStepScreen key={context.routeName} config={config} routeName={context.routeName} />;
  }
  switch (context.step) {
    case 'Aon':
    case 'Edit':
      return <AonScreen key={context.routeName} config={config} routeName={context.routeName} />;
    case 'MfyRrn':
      return <MfyRrnScreen key={context.routeName} config={config} />;
    case 'EicSre':
    case 'EicSreF':
    case 'Sre':
      return <EicSreScreen key={context.routeName} config={config} />;
    default:
      // a view (Show) or record (Page) step of an action with screens of its own: the instance's state decides
      return <CompactStepScreen key={context.routeName} config={config} routeName={context.routeName} />;
  }
}
