// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { closeTopDialog, dialogOpener, registerDialog } from './dialogs';

describe('open dialogs', () => {
  it('closes the newest first and forgets closed ones', () => {
    const closed: string[] = [];
    const offA = registerDialog(() => closed.push('a'));
    const offB = registerDialog(() => closed.push('b'));
    expect(closeTopDialog()).toBe(true);
    expect(closed).toEqual(['b']);
    offB();
    expect(closeTopDialog()).toBe(true);
    expect(closed).toEqual(['b', 'a']);
    offA();
    expect(closeTopDialog()).toBe(false);
  });
});

describe('dialogOpener', () => {
  it('is the focused control itself', () => {
    document.body.innerHTML = '<button id="b">Add</button>';
    const b = document.getElementById('b')!;
    expect(dialogOpener(b)).toBe(b);
  });

  it('is the menu trigger for a menu item', () => {
    document.body.innerHTML = '<button id="trigger">Actions</button><div role="menu" aria-labelledby="trigger"><div role="menuitem" id="item">Edit</div></div>';
    expect(dialogOpener(document.getElementById('item'))).toBe(document.getElementById('trigger'));
  });

  it('is null for the body, nothing, or a menu without a trigger', () => {
    document.body.innerHTML = '<div role="menu"><div role="menuitem" id="item">Edit</div></div>';
    expect(dialogOpener(document.body)).toBeNull();
    expect(dialogOpener(null)).toBeNull();
    expect(dialogOpener(document.getElementById('item'))).toBeNull();
  });
});
