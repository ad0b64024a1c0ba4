/**
 * window.referee: the RefereeApi (src/shared/api.ts), and nothing else. Each method sends its own
 * fixed name and its argument list on the one call channel; the main process checks the sender and
 * the host validates the arguments. Built as one sandboxed CommonJS file: it may import only
 * `electron` at run time (src/shared/ipc.ts is bundled in; everything else is types).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import type { ApiResult, RefereeApi, RefereeAppView } from '../shared/api'
import type { RefereeMethod } from '../shared/api-schemas'
import { IPC } from '../shared/ipc'

async function call<T = null>(method: RefereeMethod, args: unknown[]): Promise<ApiResult<T>> {
  try {
    return (await ipcRenderer.invoke(IPC.refereeCall, method, args)) as ApiResult<T>
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, error: { code: 'transport-failed', message: `The main process could not be reached: ${message}` } }
  }
}

const api: RefereeApi = {
  onView(cb) {
    // The page gets the view only, never the IpcRendererEvent (it carries `sender`).
    const listener = (_event: IpcRendererEvent, view: RefereeAppView): void => cb(view)
    ipcRenderer.on(IPC.refereeView, listener)
    return () => {
      ipcRenderer.removeListener(IPC.refereeView, listener)
    }
  },
  async ready() {
    const answer = await call<RefereeAppView>('ready', [])
    if (!answer.ok) throw new Error(answer.error.message)
    return answer.value
  },

  saveRoster: (names) => call('saveRoster', [names]),
  saveRuleset: (ruleset) => call('saveRuleset', [ruleset]),
  deleteRuleset: (id) => call('deleteRuleset', [id]),
  checkSetup: (ruleset, players, counts) => call('checkSetup', [ruleset, players, counts]),
  startGame: (req) => call('startGame', [req]),
  rematch: () => call('rematch', []),
  resumeGame: () => call('resumeGame', []),
  discardSavedGame: () => call('discardSavedGame', []),
  closeGame: () => call('closeGame', []),
  exportGame: () => call('exportGame', []),
  revealRole: (seat) => call('revealRole', [seat]),
  dismissNotice: (index) => call('dismissNotice', [index]),
  estimate: (req) => call('estimate', [req]),
  toggleProjectorFullscreen: () => call('toggleProjectorFullscreen', []),
  cardsPayload: (req) => call('cardsPayload', [req]),
  printCards: (req, output) => call('printCards', [req, output]),

  identifyRole: (role, players) => call('identifyRole', [role, players]),
  setReadingStart: (player) => call('setReadingStart', [player]),
  shoot: (shooter, target) => call('shoot', [shooter, target]),
  clearShot: (shooter) => call('clearShot', [shooter]),
  chooseTarget: (target) => call('chooseTarget', [target]),
  investigate: (target) => call('investigate', [target]),
  heal: (target) => call('heal', [target]),
  endNightStep: () => call('endNightStep', []),

  accuse: (accused, accuser) => call('accuse', [accused, accuser]),
  withdrawAccusation: () => call('withdrawAccusation', []),
  endDefence: () => call('endDefence', []),
  nominate: (player) => call('nominate', [player]),
  withdrawNomination: (player) => call('withdrawNomination', [player]),
  closeNominations: () => call('closeNominations', []),
  castVote: (voter, choice) => call('castVote', [voter, choice]),
  setVoteCount: (count, candidate) => call('setVoteCount', [count, candidate]),
  closeVote: () => call('closeVote', []),
  endLastWords: () => call('endLastWords', []),
  drawRandomDeath: () => call('drawRandomDeath', []),
  endDay: () => call('endDay', []),

  startTimer: () => call('startTimer', []),
  pauseTimer: () => call('pauseTimer', []),
  addTime: (seconds) => call('addTime', [seconds]),

  undo: (steps) => call('undo', [steps]),
}

contextBridge.exposeInMainWorld('referee', api)
