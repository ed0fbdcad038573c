import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SandboxFrame } from '@/components/SandboxFrame';
import { PreviewFooter } from '@/components/PreviewFooter';
import { saveFile } from '@/lib/download';

/** HtmlPreviewDialogProps: the document to show and the name it downloads as. */
export interface HtmlPreviewDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  html: string;
  fileName: string;
}

/**
 * HtmlPreviewDialog shows a server-rendered HTML document in a SandboxFrame
 * (sandbox="": an opaque origin and no scripts), so a saved campaign's HTML,
 * which a client sent, can never act as this app.
 */
export default function HtmlPreviewDialog({ open, onOpenChange, title, html, fileName }: HtmlPreviewDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Preview of the HTML document; download it to share or print.</DialogDescription>
        </DialogHeader>
        <SandboxFrame title={`${title} preview`} html={html} className="h-[65vh]" />
        <PreviewFooter onClose={() => onOpenChange(false)} onDownload={() => saveFile(fileName, html)} />
      </DialogContent>
    </Dialog>
  );
}
