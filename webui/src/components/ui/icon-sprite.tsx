import type { LucideIcon } from 'lucide-react';

// A list of cards that repeats the same icons draws each in full per card: a
// lucide icon is an svg of up to a dozen elements, and twenty campaign cards
// drew 240 of them. IconSprite draws each once, as a symbol, and
// SpriteIcon shows it by reference: two elements, the same picture.

/** IconSprite draws each icon once as a symbol with the given id; render one per page, outside the list. */
export function IconSprite({ icons }: { icons: Record<string, LucideIcon> }) {
  return (
    <svg aria-hidden="true" focusable="false" style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }}>
      {Object.entries(icons).map(([id, Icon]) => (
        <symbol key={id} id={id} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** SpriteIcon shows the IconSprite symbol id; it is decorative (aria-hidden), as every icon beside a label is. */
export function SpriteIcon({ id, className = 'h-4 w-4' }: { id: string; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={className} data-icon={id}>
      <use href={`#${id}`} />
    </svg>
  );
}
