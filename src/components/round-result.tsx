import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

interface Card {
  rank: number;
  suit: 'S' | 'H' | 'D' | 'C';
}

const suits = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;
const ranks: Record<number, string> = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K' };
const dieFaces = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

const isCard = (value: unknown): value is Card =>
  typeof value === 'object' && value !== null && typeof (value as Card).rank === 'number' && (value as Card).suit in suits;
const cardText = (card: Card) => `${ranks[card.rank] ?? String(card.rank)}${suits[card.suit]}`;

function PlayingCard({ card }: { card: Card }) {
  const red = card.suit === 'H' || card.suit === 'D';
  return (
    <span
      className={cn(
        'inline-flex h-7 min-w-6 items-center justify-center rounded border bg-white px-1 font-mono text-xs font-semibold shadow-xs',
        red ? 'text-red-600' : 'text-neutral-900',
      )}
      data-card={cardText(card)}
    >
      {cardText(card)}
    </span>
  );
}

function Hand({ label, cards, points, won }: { label: string; cards: Card[]; points?: number; won: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded px-1', won && 'ring-2 ring-primary')}>
      <span className="text-xs text-muted-foreground">{label}</span>
      {cards.map((card, index) => (
        <PlayingCard key={index} card={card} />
      ))}
      {points !== undefined ? <span className="text-xs font-semibold tabular-nums">{points}</span> : null}
    </span>
  );
}

/** A round's result drawn as the game shows it: the wheel's number, the dice, the cards, the reels. */
export function RoundResult({ gameCode, result }: { gameCode: string; result: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (gameCode === 'roulette' && typeof result.number === 'number') {
    const colour = String(result.colour);
    return (
      <span
        className={cn(
          'inline-flex size-8 items-center justify-center rounded-full font-mono text-sm font-bold text-white',
          colour === 'red' ? 'bg-red-600' : colour === 'green' ? 'bg-emerald-600' : 'bg-neutral-900 ring-1 ring-neutral-500',
        )}
        aria-label={t('results.wheel', { number: result.number, colour: t(`results.colour.${colour}`) })}
        data-result={`wheel:${result.number}`}
      >
        {result.number}
      </span>
    );
  }
  if (gameCode === 'sic-bo' && Array.isArray(result.dice)) {
    const dice = result.dice as number[];
    return (
      <span
        className="inline-flex items-center gap-1"
        aria-label={t('results.dice', { dice: dice.join(' '), total: result.total })}
        data-result={`dice:${dice.join('-')}`}
      >
        {dice.map((die, index) => (
          <span key={index} className="text-2xl leading-none" aria-hidden>
            {dieFaces[die - 1]}
          </span>
        ))}
        <span className="ml-1 text-xs font-semibold tabular-nums">{String(result.total)}</span>
      </span>
    );
  }
  if (gameCode === 'baccarat' && Array.isArray(result.player) && Array.isArray(result.banker)) {
    const player = (result.player as unknown[]).filter(isCard);
    const banker = (result.banker as unknown[]).filter(isCard);
    return (
      <span className="inline-flex flex-wrap items-center gap-2" data-result={`baccarat:${String(result.winner)}`}>
        <Hand label={t('results.player')} cards={player} points={Number(result.playerPoints)} won={result.winner === 'player'} />
        <Hand label={t('results.banker')} cards={banker} points={Number(result.bankerPoints)} won={result.winner === 'banker'} />
        {result.winner === 'tie' ? <span className="text-xs font-semibold">{t('results.tie')}</span> : null}
      </span>
    );
  }
  if (gameCode === 'dragon-tiger' && isCard(result.dragon) && isCard(result.tiger)) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2" data-result={`dragon-tiger:${String(result.winner)}`}>
        <Hand label={t('results.dragon')} cards={[result.dragon]} won={result.winner === 'dragon'} />
        <Hand label={t('results.tiger')} cards={[result.tiger]} won={result.winner === 'tiger'} />
        {result.winner === 'tie' ? <span className="text-xs font-semibold">{t('results.tie')}</span> : null}
      </span>
    );
  }
  if (Array.isArray(result.reels)) {
    const reels = (result.reels as unknown[]).map(String);
    return (
      <span className="inline-flex gap-1" data-result={`reels:${reels.join('-')}`}>
        {reels.map((symbol, index) => (
          <span key={index} className="rounded border px-1.5 py-0.5 font-mono text-xs">
            {t(`results.symbol.${symbol}`, { defaultValue: symbol })}
          </span>
        ))}
      </span>
    );
  }
  return <span className="font-mono text-xs">{JSON.stringify(result)}</span>;
}

/** The same result as one line of text (exports, and what a screen reader reads of a hand). */
export function roundResultText(
  t: (key: string, values?: Record<string, unknown>) => string,
  gameCode: string,
  result: Record<string, unknown>,
): string {
  const cards = (value: unknown) => (Array.isArray(value) ? value.filter(isCard).map(cardText).join(' ') : '');
  if (gameCode === 'roulette') return t('results.wheel', { number: result.number, colour: t(`results.colour.${String(result.colour)}`) });
  if (gameCode === 'sic-bo' && Array.isArray(result.dice))
    return t('results.dice', { dice: (result.dice as number[]).join(' '), total: result.total });
  if (gameCode === 'baccarat')
    return `${t('results.player')} ${cards(result.player)} (${String(result.playerPoints)}) · ${t('results.banker')} ${cards(result.banker)} (${String(result.bankerPoints)}) · ${t(`results.${String(result.winner)}`)}`;
  if (gameCode === 'dragon-tiger' && isCard(result.dragon) && isCard(result.tiger))
    return `${t('results.dragon')} ${cardText(result.dragon)} · ${t('results.tiger')} ${cardText(result.tiger)} · ${t(`results.${String(result.winner)}`)}`;
  if (Array.isArray(result.reels)) return (result.reels as unknown[]).map(String).join(' ');
  return JSON.stringify(result);
}
