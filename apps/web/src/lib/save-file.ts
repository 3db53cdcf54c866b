/** Hands a built file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click starts the download synchronously; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
