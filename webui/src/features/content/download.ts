import { downloadAction, type PieceFormat } from '@/lib/content';
import { saveFile } from '@/lib/download';
import { toast, toastError } from '@/lib/toast';
import type { Content } from '@/lib/types';

/** downloadContent saves a piece as a file in its format, opens its url, or reports there is nothing to download. */
export function downloadContent(c: Content, format: PieceFormat): void {
  const action = downloadAction(c, format);
  switch (action.kind) {
    case 'file': {
      saveFile(action.fileName, action.body, action.type);
      toast({ title: 'Content downloaded successfully' });
      return;
    }
    case 'url':
      openLink(action.url);
      return;
    case 'none':
      toastError('No content available for download');
  }
}

/** openLink opens an external url in a new tab without giving it access to this window. */
export function openLink(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}
