import { CommentThread } from '@/components/CommentThread';
import { ReviewSection } from '@/components/ReviewSection';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { SavedCampaign } from '@/lib/campaigns';

/**
 * CampaignReviewDialog is a saved campaign's review: Submit for review,
 * the decisions, an approver's decision, and the campaign's comment thread. Approving a campaign approves
 * the communications later imported from it while they match their
 * activities (docs/review.md).
 */
export default function CampaignReviewDialog({ campaign, onOpenChange }: { campaign: Pick<SavedCampaign, 'id' | 'title' | 'review'>; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Review: {campaign.title}</DialogTitle>
          <DialogDescription>Once approved, the activities you add to the Schedule come in approved while they still say what was approved.</DialogDescription>
        </DialogHeader>
        <ReviewSection entity="campaign" id={campaign.id} review={campaign.review}>
          <CommentThread kind="campaign" id={campaign.id} headingLevel="h4" />
        </ReviewSection>
      </DialogContent>
    </Dialog>
  );
}
