import { ScoreLogView } from './point-record-screen';

/** Set-score risk search (spec §2): the line's score operations whose amount lies between two bounds. */
export default function ScoreRiskScreen() {
  return <ScoreLogView risk />;
}
