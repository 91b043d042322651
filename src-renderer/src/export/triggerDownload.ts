// Web mode: hands a finished export (a one-time URL on the loopback server) to the browser as a download.

/** Clicks a temporary link with `download`, so the browser saves the file under the server's file name. */
export function triggerDownload(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
