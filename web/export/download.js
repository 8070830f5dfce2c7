// Saving text as a file from the page: a blob: URL clicked through a hidden a[download]. No data:
// URL (the page's Content-Security-Policy has no data: source) and no fetch: a download is a
// navigation, which default-src does not govern, so the strict policy needs no change.

/** How long the blob: URL stays valid after the click (the download reads it first). */
const REVOKE_AFTER_MS = 10_000;

/**
 * Saves `text` as the file `name` (MIME type `type`) through a temporary object URL; the link is
 * put in `parent` (an element or a shadow root) for the click and removed at once.
 */
export function download(parent, name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = (parent.ownerDocument ?? document).createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  parent.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
