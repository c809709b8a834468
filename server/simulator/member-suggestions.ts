import type { Device } from '../../contract/game.contract';
import { pick } from '../game-rules/game-registry';
import { seededRandom } from '../game-rules/seeded-random';
import type { FeedSuggestion } from './simulator-platform';

/** What demo members write from the lobby, as members of these platforms do (in Chinese, the sites' language). */
const MESSAGES: readonly { kind: FeedSuggestion['kind']; title: string; content: string }[] = [
  { kind: 'suggestion', title: '希望增加百家乐桌台', content: '晚上百家乐桌台人太多，希望多开几张台。' },
  { kind: 'suggestion', title: '希望路单显示更清楚', content: '手机上看路单字太小，建议可以放大。' },
  { kind: 'suggestion', title: '建议增加新的老虎机', content: '老虎机玩久了有点单调，希望上线新的主题。' },
  { kind: 'suggestion', title: '希望支持夜间模式', content: '晚上玩眼睛累，希望大厅有深色主题。' },
  { kind: 'suggestion', title: '红包活动建议', content: '红包活动很好，希望周末多一些。' },
  { kind: 'complaint', title: '视频卡顿', content: '轮盘视频刚才卡了好几秒，差点错过下注时间。' },
  { kind: 'complaint', title: '开牌速度太快', content: '龙虎开牌太快，来不及看清楚结果。' },
  { kind: 'complaint', title: '转出等待太久', content: '离开游戏时转出等了很久，请检查一下。' },
  { kind: 'complaint', title: '骰宝结果有疑问', content: '上一局骰宝的结果和我看到的不一样，请核实。' },
  { kind: 'complaint', title: '客服回复慢', content: '联系客服半天没有人回复。' },
];

/** About one member in this many writes something as it leaves. */
const WRITES_ONE_IN = 12;

/**
 * Whether a member leaving at `now` writes a suggestion or complaint, and what: drawn from its own
 * stream of the seed, so it neither depends on nor shifts the tick's other draws.
 */
export function memberSuggestion(seed: string, member: { siteId: string; memberId: string; device: Device }, now: Date) {
  const random = seededRandom(seed, `suggestion-${member.siteId}-${member.memberId}`, now.getTime());
  if (random.below(WRITES_ONE_IN) !== 0) return null;
  const message = pick(random, MESSAGES);
  const body: FeedSuggestion = {
    suggestionId: `SG-${member.memberId}-${now.getTime()}`,
    memberId: member.memberId,
    ...message,
    device: member.device,
    sentAt: now.toISOString(),
  };
  return body;
}
