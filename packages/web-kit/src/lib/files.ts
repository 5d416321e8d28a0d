/** Files the user saves or picks: nothing leaves the browser. */

/** Saves text as a file through a Blob. */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A picked file's text, refused before it is read when it cannot be within `maxChars` (a UTF-16 unit of text is at
 * most 3 bytes of UTF-8): a huge file is never loaded. The caller still checks the text's own length.
 */
export async function readTextFile(file: Blob, maxChars: number): Promise<string> {
  if (file.size > maxChars * 3) throw new Error('file too large');
  return file.text();
}
