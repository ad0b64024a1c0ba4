/** Save a Blob as a file through a temporary link (no navigation, nothing inline). */
function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Save a value as a JSON file. */
export function downloadJson(value: unknown, filename: string): void {
  downloadBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), filename)
}

/** Save text (e.g. CSV) as a file. A BOM lets spreadsheets read UTF-8 names. */
export function downloadText(text: string, filename: string, type = 'text/csv'): void {
  downloadBlob(new Blob([type === 'text/csv' ? '\uFEFF' + text : text], { type: `${type};charset=utf-8` }), filename)
}
