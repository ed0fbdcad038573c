import { Download, ExternalLink } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { Content } from '@/lib/types';
import { downloadContent, openLink } from './download';

/** PreviewDialog shows a content piece with its line breaks kept. */
export function PreviewDialog({ content, onOpenChange }: { content: Content | null; onOpenChange: (open: boolean) => void }) {
  const hasText = !!content?.content && content.content.trim() !== '';
  return (
    <Dialog open={content !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {content && (
          <>
            <DialogHeader>
              <DialogTitle>{content.title}</DialogTitle>
              <DialogDescription className="flex items-center gap-2">
                <Badge variant="secondary" className="capitalize">
                  {content.type}
                </Badge>
                <span>{content.description || 'No description provided'}</span>
              </DialogDescription>
            </DialogHeader>
            {hasText ? (
              <div className="max-h-[50vh] overflow-y-auto whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-900" data-testid="preview-body">
                {content.content}
              </div>
            ) : (
              <div className="flex flex-col items-center gap-3 py-8 text-center">
                <p className="text-sm text-slate-600">No content available for preview</p>
                {content.url && (
                  <Button variant="outline" onClick={() => openLink(content.url)}>
                    <ExternalLink className="h-4 w-4" aria-hidden="true" />
                    Open External Link
                  </Button>
                )}
              </div>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              <Button onClick={() => downloadContent(content)}>
                <Download className="h-4 w-4" aria-hidden="true" />
                Download
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
