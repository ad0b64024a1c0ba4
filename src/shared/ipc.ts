/**
 * The IPC channels between the main process (src/main/ipc.ts) and the preloads (src/preload) — the
 * whole list. Each is `<window>:<what>`; nothing else crosses, and no preload exposes a generic
 * send or invoke to its page.
 *
 * No runtime imports here: the preloads bundle this file into themselves (a sandboxed preload can
 * require nothing but `electron`).
 */
export const IPC = {
  /** referee → main, invoke(method, args): one RefereeApi call; answers an ApiResult. */
  refereeCall: 'referee:call',
  /** main → referee: a RefereeAppView after every change. */
  refereeView: 'referee:view',
  /** projector → main, send(): the page is listening; the host pushes it the current screen. */
  projectorReady: 'projector:ready',
  /** main → projector: a ProjectorScreen (built by the host from projectorView only). */
  projectorScreen: 'projector:screen',
  /** main → referee: the application menu asks the page to show something (a MenuRequest). */
  refereeMenu: 'referee:menu',
  /** main → cards (the hidden print window): the CardsPayload to render. The page sends nothing back. */
  cardsPayload: 'cards:payload',
} as const

export type IpcChannel = (typeof IPC)[keyof typeof IPC]

/** The error code of a call refused because it did not come from the referee window's own page. */
export const FORBIDDEN = 'forbidden'
