/**
 * Stop when the process that started this one is gone. `npm run start:web` runs
 * `node --import tsx src/web/start.ts` under npm (through a shell): when npm is killed, the shell
 * goes too and this process is left, still serving and holding the data folder. Every `everyMs`
 * this checks its parent: on a POSIX system an orphan is adopted by another process (its parent id
 * changes); everywhere, the first parent's id stops answering. The timer never keeps the process alive.
 * A parent gone before the watch starts is noticed at its first check.
 */
/**
 * The parent, read when this module is first loaded: before the start-up's slow parts, so a parent
 * that goes while the server starts is still noticed (read later, it would be the adopting process).
 */
const FIRST_PARENT = process.ppid

export function onParentGone(stop: () => void, everyMs = 500, first: number = FIRST_PARENT): () => void {
  // Started by the system's first process (a service manager, a container's init): no parent to outlive.
  if (first <= 1) return () => {}
  const gone = (): boolean => {
    if (process.ppid !== first) return true
    try {
      process.kill(first, 0)
      return false
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ESRCH'
    }
  }
  const timer = setInterval(() => {
    if (!gone()) return
    clearInterval(timer)
    stop()
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
