/** Save a value as a JSON file through a temporary Blob link (no navigation, nothing inline). */
export function downloadJson(value: unknown, filename: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' })
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

/** Save text (e.g. CSV) as a file the same way. A BOM lets spreadsheets read UTF-8 names. */
export function downloadText(text: string, filename: string, type = 'text/csv'): void {
  const blob = new Blob([type === 'text/csv' ? '\uFEFF' + text : text], { type: `${type};charset=utf-8` })
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
