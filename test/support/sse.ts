/** Splits a Server-Sent Events stream's text, chunk by chunk, into its messages' data (tests and benches). */
export function sseReader(onData: (data: string) => void): (chunk: string) => void {
  let buffer = ''
  return (chunk) => {
    buffer += chunk
    let i
    while ((i = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, i).split('\n')
      // Only the stream's messages: a named event (the room's last word, `bye`) is not one.
      const named = lines.some((l) => l.startsWith('event: '))
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n')
      buffer = buffer.slice(i + 2)
      if (data && !named) onData(data)
    }
  }
}
