import type { ParamsIn } from '@contract/methods.contract';
import { useCall } from '@/api/queries';
import type { TrailStep } from './report-trail';

type Filters = Omit<ParamsIn<'gw.credit.agent.list.total.report'>, 'parentId'>;

/**
 * One level of the win/loss report: the agents directly below `current` (the caller when
 * none), or, below a level-4 agent, its members (their own method). `filters` null: the range
 * is not valid yet, nothing is asked.
 */
export function useLevelReport(filters: Filters | null, current: TrailStep | undefined, membersBelow: boolean) {
  const asked = filters ?? { startTime: '', endTime: '' };
  const agents = useCall(
    'gw.credit.agent.list.total.report',
    { ...asked, ...(current ? { parentId: current.userId } : {}) },
    { enabled: filters !== null && !membersBelow },
  );
  const members = useCall(
    'gw.credit.player.list.total.report',
    { ...asked, ...(current ? { agentId: current.userId } : {}) },
    { enabled: filters !== null && membersBelow },
  );
  return membersBelow ? members : agents;
}
