/**
 * A club night already played, in a data folder: whole games with the given players, finished
 * through the real host (the simple referee of src/host/testing.ts), saved as the app saves
 * them. The browser-mode server started on the folder then lists them, tells their stories and
 * counts them in tonight's standings.
 */
import type { RefereeAppView } from '../../../src/shared/api'
import { preset } from '../../../src/engine'
import { createFileHost } from '../../../src/host/index'
import { nextCall, perform, seededRandom } from '../../support/host'

/** 18 names of 24 characters each: with spaces, with hyphens, and single long words, in several scripts. */
export const LONG_NAMES_18 = [
  'Wolfeschlegel Annamária',
  'Kovács-Szabó Erzsébetke',
  'Szentgyörgyiszabolcsfal',
  'Hämäläinen-Kristjanssen',
  'Õunapuu Kadri-Liis Mari',
  'Bergström Ann-Charlotte',
  'Tõnissoo-Raudsepp Jaana',
  'Zsigmondfalvi Gáborkáné',
  'Andersson-Lindqvist Per',
  '長谷川 左衛門之助 小百合 アレクサンドラちゃん',
  'Mägi-Kuusik Toomas Juhan',
  'Fehérvári-Nagy Bálintka',
  'Christoffersson Elisabet',
  'Pärtelpoeg Kristjan Ott',
  'Jääskeläinen-Sööt Hille',
  'Östergren-Åkesson Linnéa',
  'Vasváriné Kiss Boglárka',
  'Liljeqvist-Holmberg Eva',
].map((n) => n.padEnd(24, 'a').slice(0, 24))

/** Play `games` whole games of `ruleset` with `players` on a host over `dataDir`, then close the host. */
export function playFinishedGames(dataDir: string, players: string[], games = 1, ruleset: Parameters<typeof preset>[0] = 'maffiasig'): void {
  const host = createFileHost(dataDir, { durable: false, random: seededRandom(11) })
  try {
    for (let g = 0; g < games; g++) {
      const mafia = Math.max(2, Math.round(players.length / 4))
      const counts = { mafia, investigator: 1, doctor: 0, citizen: players.length - mafia - 1 }
      const started = perform(host, ['startGame', [{ ruleset: preset(ruleset), players, counts, dealMode: 'digital' }]])
      if (!started.ok) throw new Error(`startGame: ${JSON.stringify(started.error)}`)
      for (let i = 0; i < 2000; i++) {
        const call = nextCall((host.invoke('ready') as { ok: true; value: RefereeAppView }).value)
        if (!call) break
        const r = perform(host, call)
        if (!r.ok) throw new Error(`${call[0]}: ${JSON.stringify(r.error)}`)
      }
      if (!host.refereeAppView().game?.winner) throw new Error('the game did not finish')
      const closed = perform(host, ['closeGame', []])
      if (!closed.ok) throw new Error(`closeGame: ${JSON.stringify(closed.error)}`)
    }
  } finally {
    host.dispose()
  }
}
