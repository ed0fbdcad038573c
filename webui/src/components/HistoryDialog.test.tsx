// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/queryClient';
import { formatScheduled } from '@/lib/schedule';
import type { HistoryEntry } from '@/hooks/history';
import { HistoryEntryItem } from './HistoryDialog';

// The History panel speaks the planner's words (docs/ui.md, "History
// panels"): labels as the forms give them, ids named through the lists the
// screens read (cached here as the server answers them), a deleted record's
// id as "(removed)", internal fields left out.

afterEach(cleanup);

const lists: [string, unknown][] = [
  ['/api/themes', [{ id: 't-new', name: 'Go-Live' }, { id: 't-old', name: 'Training' }]],
  ['/api/audiences', [{ id: 'a1', name: 'Finance team' }]],
  ['/api/vehicles', [{ id: 'v1', name: 'Town hall' }]],
  ['/api/questions/q1', { id: 'q1', question: 'When do we go live?' }],
  ['/api/questions/q2', { id: 'q2', question: 'Who do I ask?' }],
  ['/api/content/c1', { id: 'c1', title: 'Final go-live letter' }],
  [
    '/api/reference',
    {
      totalEmployees: 10,
      generations: [
        { id: 'millennials', label: 'Millennials' },
        { id: 'genz', label: 'Generation Z' },
      ],
      vehicleTypes: [{ type: 'town_hall', label: 'Town Hall' }],
    },
  ],
];

/** shown renders one entry of entity with the lists cached and answers its text. */
function shown(entity: string, e: Partial<HistoryEntry>, categories?: Record<string, string>): string {
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  for (const [key, value] of lists) client.setQueryData([key], value);
  const entry: HistoryEntry = { id: 'h1', action: 'updated', entityType: entity, entityId: 'x', label: 'X', at: new Date().toISOString(), actorName: 'Dana Reyes', ...e } as HistoryEntry;
  const { container } = render(
    <QueryClientProvider client={client}>
      <ul>
        <HistoryEntryItem entity={entity} e={entry} categories={categories} />
      </ul>
    </QueryClientProvider>,
  );
  return container.querySelector('[data-testid="history-entry"]')?.textContent ?? '';
}

describe('HistoryEntryItem', () => {
  it("words a communication's changes as its form and the schedule do", () => {
    const text = shown('communication', {
      changes: {
        themeId: { before: 't-gone', after: 't-new' },
        audienceId: { before: '', after: 'a1' },
        vehicleId: { before: 'v1', after: '' },
        status: { before: 'draft', after: 'scheduled' },
        scheduledDate: { before: '', after: '2027-03-04T09:00:00Z' },
        finalContentId: { before: '', after: 'c1' },
        selectedQuestions: { before: ['q1'], after: ['q1', 'q2'] },
        generatedContent: { before: '<p>old</p>', after: '<p>new</p>' },
        sourceActivityId: { before: '', after: 'act-7' },
      },
    });
    expect(text).toMatch(/^Dana Reyes updated this/);
    expect(text).toContain('Theme: (removed) → Go-Live');
    expect(text).toContain('Target audience: (empty) → Finance team');
    expect(text).toContain('Delivery vehicle: Town hall → (empty)');
    expect(text).toContain('Status: Draft → Scheduled');
    expect(text).toContain(`Scheduled date: (empty) → ${formatScheduled('2027-03-04T09:00:00Z')}`);
    expect(text).toContain('Final content: (empty) → Final go-live letter');
    expect(text).toContain('Generated content changed');
    expect(text).toContain('Questions: When do we go live? → When do we go live?, Who do I ask?');
    expect(text).not.toMatch(/themeId|t-new|t-gone|2027-03-04T|<p>|act-7|Source activity/);
  });

  it("words a vehicle's generations, type and strategy by their names", () => {
    const text = shown('vehicle', {
      action: 'created',
      changes: {
        name: { after: 'Town hall' },
        type: { after: 'town_hall' },
        communicationStrategy: { after: 'digital' },
        preferredGenerations: { after: ['millennials', 'genz'] },
        generationalEffectiveness: { after: { millennials: 0.8, genz: 0.55 } },
        settings: { after: { template: 'standard', maxLength: 5000, format: 'html' } },
      },
    });
    expect(text).toMatch(/^Dana Reyes created this/);
    expect(text).toContain('Vehicle name: Town hall');
    expect(text).toContain('Type: Town Hall');
    expect(text).toContain('Communication strategy: Digital');
    expect(text).toContain('Preferred generations: Millennials, Generation Z');
    expect(text).toContain('Generational effectiveness: Millennials 80%, Generation Z 55%');
    expect(text).toContain('Settings: HTML · up to 5,000 characters · standard template');
  });

  it("words a checklist item's score, category and switch, and names an unknown field readably", () => {
    const text = shown(
      'checklist_item',
      { changes: { actualScore: { before: 1, after: 10 }, weightCode: { before: 1, after: 2 }, enabled: { before: true, after: false }, someNewField: { before: 'a', after: 'b' } } },
      { '1': 'Impact', '2': 'User Engagement' },
    );
    expect(text).toContain('Score: 1 → 10');
    expect(text).toContain('Category: Impact → User Engagement');
    expect(text).toContain('Enabled: Yes → No');
    expect(text).toContain('Some new field: a → b');
  });

  it('words a comment and a review step', () => {
    expect(shown('campaign', { action: 'commented', changes: { text: { after: 'Looks good' } } })).toMatch(/^Dana Reyes commented on this.*Comment: Looks good/);
    expect(shown('communication', { action: 'review_approved', changes: { reviewState: { before: 'requested', after: 'approved' } } })).toMatch(
      /^Dana Reyes approved this.*Review: In review → Approved/,
    );
  });
});
