import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/** PreviewFooter is a preview dialog's Close and Download buttons. */
export function PreviewFooter({ onClose, onDownload }: { onClose: () => void; onDownload: () => void }) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onClose}>
        Close
      </Button>
      <Button onClick={onDownload}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Download
      </Button>
    </DialogFooter>
  );
}
