// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Category, type ChecklistItem, type ChecklistTemplate, DEFAULT_FILTERS } from '@/lib/checklist';
import { queryClient } from '@/lib/queryClient';
import { type Permission, type Role, SESSION_PATH } from '@/hooks/session';
import { TEMPLATES_PATH } from '@/hooks/checklist';
import { ChecklistTab } from './ChecklistTab';
import { RepositoryDialog } from './dialogs';

// The Readiness screen follows the role: for a viewer every
// control that would change the checklist is disabled and says why; for a
// planner they work. History opens for both.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const categories: Category[] = [
  { code: 1, name: 'Impact', color: 'red', description: '' },
  { code: 2, name: 'User Engagement', color: 'yellow', description: '' },
];

const item = (id: number, title: string, enabled = true): ChecklistItem => ({
  id,
  weightCode: 1,
  weight: 1,
  title,
  description: 'Why it matters',
  team: '',
  responsibility: '',
  actualScore: 2,
  maxScore: 10,
  heatMap: 0,
  enabled,
  notes: '',
});

const PERMISSIONS: Record<'viewer' | 'planner', Permission[]> = { viewer: ['plan.read'], planner: ['plan.read', 'plan.edit'] };

/** withRole renders ui signed in as role, with the given cached queries. */
function withRole(role: 'viewer' | 'planner', ui: React.ReactElement, data: [string, unknown][] = []) {
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  client.setQueryData([SESSION_PATH], { authenticated: true, id: 'p1', name: 'Vic', role: role as Role, permissions: PERMISSIONS[role] });
  for (const [key, value] of data) client.setQueryData([key], value);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const REASON = 'Your role (viewer) cannot change the plan.';

/** itemControls are every control of the item titled title that changes it. */
function itemControls(title: string): HTMLElement[] {
  return [
    screen.getByRole('switch', { name: `Enabled: ${title}` }),
    screen.getByRole('checkbox', { name: `Complete: ${title}` }),
    screen.getByRole('slider', { name: `Score for ${title}` }),
    screen.getByRole('combobox', { name: `Weight for ${title}` }),
    screen.getByRole('combobox', { name: `Category for ${title}` }),
    screen.getByRole('button', { name: `Move ${title} up` }),
    screen.getByRole('button', { name: `Move ${title} down` }),
    screen.getByRole('button', { name: `Edit team, responsibility and notes of ${title}` }),
    screen.getByRole('button', { name: `Delete ${title}` }),
  ];
}

function renderTab(role: 'viewer' | 'planner', onChange = vi.fn()) {
  withRole(
    role,
    <ChecklistTab
      items={[item(1, 'Sponsor named'), item(2, 'Training booked'), item(3, 'Hypercare rota')]}
      categories={categories}
      filters={DEFAULT_FILTERS}
      onFilters={() => {}}
      drafts={{}}
      onDraft={() => {}}
      onChange={onChange}
      onAdd={() => {}}
    />,
  );
  return onChange;
}

describe('ChecklistTab for a viewer', () => {
  it('disables every control that changes an item, each saying why with the role named', () => {
    const onChange = renderTab('viewer');
    for (const control of itemControls('Training booked')) {
      expect(control, control.getAttribute('aria-label') ?? '').toHaveProperty('disabled', true);
      expect(control.closest('[title]')?.getAttribute('title'), control.getAttribute('aria-label') ?? '').toBe(REASON);
    }
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled: Training booked' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Training booked' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Add Item' })).toBeNull();
  });

  it('keeps History open', () => {
    renderTab('viewer');
    const history = screen.getByRole('button', { name: 'History of Training booked' });
    expect(history).toHaveProperty('disabled', false);
  });
});

describe('ChecklistTab for a planner', () => {
  it('enables the controls and changes the item', () => {
    const onChange = renderTab('planner');
    for (const control of itemControls('Training booked')) {
      expect(control, control.getAttribute('aria-label') ?? '').toHaveProperty('disabled', false);
      expect(control.closest('[title]')?.getAttribute('title') ?? null).not.toBe(REASON);
    }
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled: Training booked' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeTruthy();
  });

  it('keeps an item that is not applicable locked but switchable', () => {
    withRole(
      'planner',
      <ChecklistTab
        items={[item(1, 'Sponsor named', false)]}
        categories={categories}
        filters={DEFAULT_FILTERS}
        onFilters={() => {}}
        drafts={{}}
        onDraft={() => {}}
        onChange={() => {}}
        onAdd={() => {}}
      />,
    );
    expect(screen.getByRole('switch', { name: 'Enabled: Sponsor named' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('slider', { name: 'Score for Sponsor named' })).toHaveProperty('disabled', true);
  });
});

describe('RepositoryDialog', () => {
  const templates: ChecklistTemplate[] = [{ id: 't1', name: 'Go-live', description: '', items: [], createdAt: '2026-11-01T10:00:00Z' }];

  it.each([
    ['viewer', true],
    ['planner', false],
  ] as const)('for a %s, Load and Delete disabled: %s', (role, disabled) => {
    withRole(role, <RepositoryDialog open onOpenChange={() => {}} onLoad={async () => true} />, [[TEMPLATES_PATH, templates]]);
    const dialog = screen.getByRole('dialog');
    for (const name of ['Load Go-live', 'Delete Go-live']) {
      const button = within(dialog).getByRole('button', { name });
      expect(button, name).toHaveProperty('disabled', disabled);
      expect(button.closest('[title]')?.getAttribute('title') ?? null).toBe(disabled ? REASON : null);
    }
  });
});
