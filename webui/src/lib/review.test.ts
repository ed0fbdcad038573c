import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { MSG_NEEDS_APPROVAL, approvalReset, approvalWouldReset, approversLegend, awaiting, needsApproval, requestPrefill, utcDay } from './review';
import type { Communication, Review, ReviewItem } from './types';

const approved: Review = {
  state: 'approved',
  approvers: [],
  dueDate: '',
  round: 1,
  decisions: [{ round: 1, by: { id: 'a', name: 'Ann' }, decision: 'approved', comment: '', at: '2031-03-01T09:00:00Z' }],
};
const stored: Communication = {
  id: 'c',
  title: 'Go-live',
  themeId: 't',
  audienceId: 'a',
  vehicleId: '',
  rawContent: 'Body',
  status: 'scheduled',
  scheduledDate: '2031-03-04T09:00:00Z',
  createdAt: '',
  review: approved,
};

describe('approvalWouldReset', () => {
  it('warns for a covered field', () => {
    expect(approvalWouldReset(stored, { ...stored, title: 'Go-live!' })).toBe(true);
    expect(approvalWouldReset(stored, { ...stored, rawContent: 'Body 2' })).toBe(true);
    expect(approvalWouldReset(stored, { ...stored, scheduledDate: '2031-03-05T09:00:00Z' })).toBe(true);
  });
  it('keeps the approval for a time on the same day', () => {
    expect(approvalWouldReset(stored, { ...stored, scheduledDate: '2031-03-04T16:30:00Z' })).toBe(false);
    expect(approvalWouldReset(stored, { ...stored, scheduledDate: '2031-03-04' })).toBe(false);
  });
  it('says nothing without an approval', () => {
    expect(approvalWouldReset({ ...stored, review: { ...approved, state: 'changes_requested' } }, { ...stored, title: 'x' })).toBe(false);
    expect(approvalWouldReset(undefined, stored)).toBe(false);
  });
});

describe('review helpers', () => {
  it('reads the UTC day', () => {
    expect(utcDay('2031-03-04T23:30:00-02:00')).toBe('2031-03-05');
    expect(utcDay('')).toBe('');
  });
  it('knows the approval refusal', () => {
    expect(needsApproval(new ApiError(409, MSG_NEEDS_APPROVAL, { error: MSG_NEEDS_APPROVAL }))).toBe(true);
    expect(needsApproval(new ApiError(409, 'x', { error: 'conflict' }))).toBe(false);
  });
  it('flags a scheduled item whose approval was reset', () => {
    expect(approvalReset({ status: 'scheduled', review: { ...approved, state: 'requested', resetAt: '2031-03-02T00:00:00Z' } })).toBe(true);
    expect(approvalReset({ status: 'scheduled', review: approved })).toBe(false);
    expect(approvalReset({ status: 'draft', review: { ...approved, state: 'requested', resetAt: 'x' } })).toBe(false);
  });
  it('counts what awaits review and the oldest age', () => {
    const item = (state: Review['state'], requestedAt: string): ReviewItem => ({ entity: 'communication', id: requestedAt, title: '', review: { ...approved, state, requestedAt } });
    const now = new Date('2031-03-10T12:00:00Z');
    expect(awaiting([item('requested', '2031-03-07T09:00:00Z'), item('requested', '2031-03-09T09:00:00Z'), item('approved', '2031-01-01T00:00:00Z')], now)).toEqual({ count: 2, oldestDays: 3 });
    expect(awaiting([], now)).toEqual({ count: 0, oldestDays: null });
  });
});

describe('the review request form', () => {
  const people = [
    { id: 'a', name: 'Ari Stone' },
    { id: 'b', name: 'Bo Lind' },
  ];
  it('names who is chosen in the approver picker label', () => {
    expect(approversLegend([], people)).toBe('Approvers (none chosen: any approver)');
    expect(approversLegend(['b'], people)).toBe('Approvers (chosen: Bo Lind)');
    expect(approversLegend(['a', 'b'], people)).toBe('Approvers (chosen: Ari Stone, Bo Lind)');
    expect(approversLegend(['gone'], people)).toBe('Approvers (none chosen: any approver)');
  });
  it('prefills a re-request with the current approvers and due date', () => {
    expect(requestPrefill(undefined)).toEqual({ approvers: [], dueDate: '' });
    expect(requestPrefill({ state: 'none', approvers: [], decisions: [], dueDate: '' })).toEqual({ approvers: [], dueDate: '' });
    expect(requestPrefill({ state: 'changes_requested', approvers: people, decisions: [], dueDate: '2031-03-02' })).toEqual({ approvers: ['a', 'b'], dueDate: '2031-03-02' });
  });
});
