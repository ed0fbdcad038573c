import { ExternalLink } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SandboxFrame } from '@/components/SandboxFrame';
import { PreviewFooter } from '@/components/PreviewFooter';
import { pieceDocument, type PieceFormat } from '@/lib/content';
import { contentDocument } from '@/lib/preview';
import type { Content } from '@/lib/types';
import { downloadContent, openLink } from './download';

/** PieceBody shows a piece in its format: html and markdown rendered in a sandboxed iframe, text with its line breaks kept. */
function PieceBody({ content, format }: { content: Content; format: PieceFormat }) {
  if (format === 'html' || format === 'markdown') {
    const doc = format === 'html' ? pieceDocument(content.content, content.title) : contentDocument(content.content, 'markdown', content.title);
    return <SandboxFrame title={`${content.title} (preview)`} html={doc} className="h-[50vh]" />;
  }
  return (
    <div className="max-h-[50vh] overflow-y-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-900" data-testid="preview-body">
      {content.content}
    </div>
  );
}

/** PreviewDialog shows a content piece in its format, with Download. */
export function PreviewDialog({ content, format, onOpenChange }: { content: Content | null; format: PieceFormat; onOpenChange: (open: boolean) => void }) {
  const hasText = !!content?.content && content.content.trim() !== '';
  return (
    <Dialog open={content !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {content && (
          <>
            <DialogHeader>
              <DialogTitle>{content.title}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <Badge variant="secondary" className="capitalize">
                  {content.type}
                </Badge>
                <span>{content.description || 'No description provided'}</span>
              </DialogDescription>
            </DialogHeader>
            {hasText ? (
              <PieceBody content={content} format={format} />
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
            <PreviewFooter onClose={() => onOpenChange(false)} onDownload={() => downloadContent(content, format)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
