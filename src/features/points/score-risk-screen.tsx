import { ScoreLogView } from './point-record-screen';

/** Set-score risk search (docs/product.md#set-score-risk-search): the line's score operations whose amount lies between two bounds. */
export default function ScoreRiskScreen() {
  return <ScoreLogView risk />;
}
