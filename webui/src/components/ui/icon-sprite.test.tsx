// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { Pencil, Trash2 } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { IconSprite, SpriteIcon } from './icon-sprite';

afterEach(cleanup);

describe('IconSprite', () => {
  it('draws each icon once and a SpriteIcon refers to it in two elements', () => {
    const { container } = render(
      <>
        <IconSprite icons={{ 'x-edit': Pencil, 'x-delete': Trash2 }} />
        <SpriteIcon id="x-edit" />
        <SpriteIcon id="x-edit" className="h-5 w-5" />
      </>,
    );
    const full = render(<Pencil />).container.querySelector('svg')!;
    const symbol = container.querySelector('symbol#x-edit')!;
    expect(symbol.querySelector('svg')!.innerHTML).toBe(full.innerHTML);
    expect(container.querySelectorAll('symbol')).toHaveLength(2);
    const uses = [...container.querySelectorAll('svg[data-icon="x-edit"]')];
    expect(uses).toHaveLength(2);
    for (const u of uses) {
      expect(u.getAttribute('aria-hidden')).toBe('true');
      expect(u.querySelectorAll('*')).toHaveLength(1);
      expect(u.querySelector('use')!.getAttribute('href')).toBe('#x-edit');
    }
    expect(uses[1].getAttribute('class')).toBe('h-5 w-5');
  });
});
