/** How long the file's address outlives the click, so the browser can start saving it. */
const REVOKE_AFTER_MS = 1000;

/** Saves a file fetched with the admin's token, as a plain download link would. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
