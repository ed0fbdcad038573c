import { useQuery } from '@tanstack/react-query';
import { useApiMutation } from '@/lib/mutation';
import { serverMessage } from '@/lib/review';
import type { Ref, Review, ReviewItem } from '@/lib/types';

/** ReviewEntity is what carries a review: a communication or a saved campaign. */
export type ReviewEntity = 'communication' | 'campaign';

const base = (entity: ReviewEntity, id: string) => `/api/${entity === 'campaign' ? 'campaigns' : 'communications'}/${encodeURIComponent(id)}`;

/** useReviews lists the reviewed items; mine keeps those the signed-in person has a decision to take on. */
export function useReviews(mine = false) {
  return useQuery<ReviewItem[]>({ queryKey: [mine ? '/api/reviews?mine=1' : '/api/reviews'] });
}

/** ReviewRequestInput asks for a review: approvers are person ids (none: any approver). */
export interface ReviewRequestInput {
  id: string;
  approvers: string[];
  dueDate: string;
}

/** useRequestReview asks for the review of a communication or campaign. */
export function useRequestReview(entity: ReviewEntity) {
  return useApiMutation<Review, ReviewRequestInput>({
    request: ({ id, approvers, dueDate }) => ({ method: 'POST', url: `${base(entity, id)}/review`, body: { approvers, dueDate } }),
    entity: entity === 'campaign' ? 'campaigns' : 'communications',
    success: 'Review requested',
    failure: (err) => ({ title: 'Failed to request review', description: serverMessage(err) }),
  });
}

/** DecisionInput is an approver's decision. */
export interface DecisionInput {
  id: string;
  decision: 'approved' | 'changes_requested';
  comment: string;
}

/** useDecideReview approves, or requests changes with a comment. */
export function useDecideReview(entity: ReviewEntity) {
  return useApiMutation<Review, DecisionInput>({
    request: ({ id, decision, comment }) => ({ method: 'POST', url: `${base(entity, id)}/decisions`, body: { decision, comment } }),
    entity: entity === 'campaign' ? 'campaigns' : 'communications',
    success: (_r, v) => (v.decision === 'approved' ? 'Approved' : 'Changes requested'),
    failure: (err) => ({ title: 'Failed to record the decision', description: serverMessage(err) }),
  });
}

/** useApprovers lists the people a review may name (approvers and admins). */
export function useApprovers() {
  return useQuery<Ref[]>({ queryKey: ['/api/approvers'] });
}

/** useLiveReview reads the current review of a stored record, fresher than a form's copy (refetched after every change). */
export function useLiveReview(entity: ReviewEntity, id: string | undefined) {
  return useQuery<{ review?: Review }>({ queryKey: [base(entity, id ?? '')], enabled: !!id, select: (r) => ({ review: r.review }) });
}
