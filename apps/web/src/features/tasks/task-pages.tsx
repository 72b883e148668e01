// One page per task list route (todo, done, launch, todoEstimate, doneEstimate), each the task centre of its kind.
import { TaskCenterPage } from './task-center-page.tsx';

export function TodoPage() {
  return <TaskCenterPage kind="todo" />;
}

export function DonePage() {
  return <TaskCenterPage kind="done" />;
}

export function LaunchPage() {
  return <TaskCenterPage kind="launch" />;
}

export function TodoEstimatePage() {
  return <TaskCenterPage kind="todoEstimate" />;
}

export function DoneEstimatePage() {
  return <TaskCenterPage kind="doneEstimate" />;
}
