/**
 * Saves a value as a JSON file on the person's device. A Blob behind an object URL and a
 * `<a download>` clicked from code: no inline script, no `data:` URL, so it works under the app's
 * strict Content-Security-Policy.
 */
export function saveJsonFile(value: unknown, fileName: string): void {
  saveFile(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }), fileName);
}

/** Saves plain text (UTF-8, lines as given) as a `.txt` file on the person's device. */
export function saveTextFile(text: string, fileName: string): void {
  saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // after the click has been handled: the download holds its own reference to the Blob
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The service's name as a file name's start: letters and digits only, `account` when none is left. */
export function fileSlug(appName: string): string {
  const slug = appName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'account';
}

/** `acme-data-2026-11-25.json`: the service's name (letters and digits only) and the export's day. */
export function dataExportFileName(appName: string, exportedAt: Date | string): string {
  const slug = fileSlug(appName);
  const day = new Date(exportedAt);
  const date = Number.isNaN(day.getTime()) ? new Date() : day;
  return `${slug}-data-${date.toISOString().slice(0, 10)}.json`;
}
