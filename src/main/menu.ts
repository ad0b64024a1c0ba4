import { Menu, type MenuItemConstructorOptions } from 'electron'
import type { RefereeAppView } from '../shared/api'
import { translate } from '../shared/messages'
import { devServerUrl } from './windows'

export interface MenuActions {
  /** Back to the setup screen (host.closeGame: an unfinished game is kept, offered for resume). */
  newGame(): void
  /** host.undo: take back the last step. */
  undo(): void
  /** host.toggleProjectorFullscreen. */
  toggleProjectorFullScreen(): void
  /** Open the projector window again if it was closed, or bring it forward. */
  showProjector(): void
  /** Show the referee's quick start in the referee window. */
  quickStart(): void
}

export const MENU_IDS = {
  newGame: 'new-game',
  undo: 'undo-step',
  projectorFullScreen: 'projector-full-screen',
  showProjector: 'show-projector',
  quickStart: 'quick-start',
} as const

/**
 * The application menu.
 *
 * Undo has ONE keyboard path: Ctrl+Z / Cmd+Z is the referee page's own shortcut
 * (src/renderer/referee/composables/useShortcuts.ts), which knows what the main process cannot —
 * whether a text field has the focus (then it is the field's own undo), a dialog is open, or the
 * private role reveal is showing — and calls preventDefault when it takes the key. Electron gives
 * a menu accelerator only the key presses the page did not handle, so the Edit menu's standard Undo
 * (role, CmdOrCtrl+Z) still serves text fields (macOS needs it) and never undoes a game step. The
 * Game menu's "Undo Last Step" is for the mouse: it has no accelerator of its own, so one key press
 * can never undo twice.
 *
 * Every label is the referee's language's (help.menu.* in the help locale area), the items with a
 * standard role too; index.ts builds the menu again when that language changes.
 */
export function buildMenu(actions: MenuActions, lang: string, platform: NodeJS.Platform = process.platform): Menu {
  const mac = platform === 'darwin'
  const t = (key: string): string => translate(lang, `help.menu.${key}`)
  const template: MenuItemConstructorOptions[] = [
    ...(mac ? [{ role: 'appMenu' } as const] : []),
    {
      label: t('game'),
      submenu: [
        { id: MENU_IDS.newGame, label: t('newGame'), accelerator: 'CmdOrCtrl+N', enabled: false, click: () => actions.newGame() },
        { id: MENU_IDS.undo, label: t('undo'), enabled: false, click: () => actions.undo() },
        ...(mac ? [] : [{ type: 'separator' } as const, { role: 'quit', label: t('quit'), accelerator: 'CmdOrCtrl+Q' } as const]),
      ],
    },
    {
      label: t('edit'),
      submenu: [
        { role: 'undo', label: t('undoEdit') },
        { role: 'redo', label: t('redo') },
        { type: 'separator' },
        { role: 'cut', label: t('cut') },
        { role: 'copy', label: t('copy') },
        { role: 'paste', label: t('paste') },
        { role: 'selectAll', label: t('selectAll') },
      ],
    },
    {
      label: t('view'),
      submenu: [
        {
          id: MENU_IDS.projectorFullScreen,
          label: t('projectorFullScreen'),
          // F11 is the usual full-screen key on Windows and Linux; on a Mac it shows the desktop.
          accelerator: mac ? 'CmdOrCtrl+Shift+F' : 'F11',
          click: () => actions.toggleProjectorFullScreen(),
        },
        { id: MENU_IDS.showProjector, label: t('showProjector'), click: () => actions.showProjector() },
        // Reload and developer tools only while developing (`npm run dev`), never in the built app.
        ...(devServerUrl()
          ? [{ type: 'separator' } as const, { role: 'reload', label: t('reload') } as const, { role: 'toggleDevTools', label: t('devTools') } as const]
          : []),
      ],
    },
    ...(mac ? [{ role: 'windowMenu' } as const] : []),
    {
      role: 'help',
      label: t('help'),
      submenu: [{ id: MENU_IDS.quickStart, label: t('quickStart'), accelerator: 'F1', click: () => actions.quickStart() }],
    },
  ]
  return Menu.buildFromTemplate(template)
}

/** Keeps the Game menu in step with the referee's view: each item only when it can do something. */
export function updateMenu(menu: Menu, view: RefereeAppView): void {
  const newGame = menu.getMenuItemById(MENU_IDS.newGame)
  if (newGame) newGame.enabled = view.screen === 'game'
  const undo = menu.getMenuItemById(MENU_IDS.undo)
  if (undo) undo.enabled = (view.game?.undoable ?? 0) > 0
}
