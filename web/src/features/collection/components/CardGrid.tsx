import { CardTile } from '@/components/cards/CardTile';
import type { Card } from '@touchline/contract';

/** Grid View: the cards as card faces, three to a row. */
export function CardGrid({ cards, onSelect }: { cards: Card[]; onSelect: (card: Card) => void }) {
  return (
    <ul aria-label="Cards" className="grid grid-cols-3 gap-x-2.5 gap-y-3 lg:grid-cols-5 xl:grid-cols-6">
      {cards.map((card) => (
        <li key={card.id}>
          <CardTile card={card} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}
