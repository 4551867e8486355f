/** Saves text as a file through a temporary Blob link (UTF-8). */
export function downloadText(content: string, fileName: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  downloadFrom(url, fileName);
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Follows a link to a file the server sends as an attachment (a signed link to an export): the page stays. */
export function downloadFrom(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export const downloadCsv = (csv: string, fileName: string) => downloadText(csv, fileName, "text/csv;charset=utf-8");
