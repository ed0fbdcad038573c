// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cn } from '@/lib/cn';
import { Button } from './button';

afterEach(cleanup);

const BASE = [
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2',
  'disabled:pointer-events-none disabled:opacity-60',
];

describe('Button', () => {
  // The class strings merged once at load must be those merged per render before.
  it('draws the merged classes of its variant, size and className', () => {
    render(
      <>
        <Button>a</Button>
        <Button size="sm" variant="outline">
          b
        </Button>
        <Button size="sm" variant="outline" className="h-10 text-red-700 hover:text-red-800">
          c
        </Button>
      </>,
    );
    expect(screen.getByText('a').className).toBe(cn(...BASE, 'bg-blue-700 text-white hover:bg-blue-800', 'h-9 px-4 py-2 text-sm'));
    expect(screen.getByText('b').className).toBe(cn(...BASE, 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100', 'h-8 px-3 text-sm'));
    const c = screen.getByText('c').className;
    expect(c).toBe(cn(...BASE, 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100', 'h-8 px-3 text-sm', 'h-10 text-red-700 hover:text-red-800'));
    expect(c).toContain('h-10');
    expect(c).not.toContain('h-8');
    expect(c).not.toContain('text-slate-800');
  });

  it('still clicks and defaults to type button', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>go</Button>);
    fireEvent.click(screen.getByText('go'));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByText('go').getAttribute('type')).toBe('button');
  });
});
