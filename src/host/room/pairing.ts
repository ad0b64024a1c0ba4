/**
 * The room's limit on guessing the TV's display code (docs/room.md, the threat model). The code has
 * DISPLAY_CODE_DIGITS digits and changes only when a TV pairs with it, so a wrong try never
 * changes the code the real TV is typing. Wrong tries are counted for the whole room, whatever
 * address they come from: past WRONG_PER_MINUTE in the last minute, a try is answered "wait"
 * without being checked — unless its address has not yet tried a wrong code in this room, so the
 * real TV's first try is always checked, however many addresses a stranger guesses from. A
 * stranger thus gets WRONG_PER_MINUTE checked guesses a minute, plus one per address it has.
 */
export const WRONG_PER_MINUTE = 10
/** Addresses remembered as having tried a wrong code; past this many, every address counts as one. */
const MAX_REMEMBERED = 4096

export class PairingLimit {
  private wrong: number[] = []
  private readonly wrongFrom = new Set<string>()

  constructor(private readonly now: () => number) {}

  /** Whether a try from `who` is checked now (else it is answered "wait"). */
  mayTry(who: string): boolean {
    const t = this.now()
    this.wrong = this.wrong.filter((x) => t - x < 60_000)
    if (this.wrong.length < WRONG_PER_MINUTE) return true
    return this.wrongFrom.size < MAX_REMEMBERED && !this.wrongFrom.has(who)
  }

  /** A wrong code from `who`. */
  wrongTry(who: string): void {
    this.wrong.push(this.now())
    if (this.wrongFrom.size < MAX_REMEMBERED) this.wrongFrom.add(who)
  }

  /** The room closed: nothing is remembered. */
  clear(): void {
    this.wrong = []
    this.wrongFrom.clear()
  }
}
