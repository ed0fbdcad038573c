// Browser downloads, in one place: a file made in the page (a Blob) or a
// same-origin URL the server answers as an attachment.

function clickLink(href: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** saveFile downloads body as fileName. */
export function saveFile(fileName: string, body: string, type = 'text/html;charset=utf-8'): void {
  const href = URL.createObjectURL(new Blob([body], { type }));
  clickLink(href, fileName);
  // Give the browser a moment to start the download before releasing the blob.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** downloadUrl downloads a same-origin URL; the server's Content-Disposition names the file, fileName is the fallback. */
export function downloadUrl(url: string, fileName = ''): void {
  clickLink(url, fileName);
}
