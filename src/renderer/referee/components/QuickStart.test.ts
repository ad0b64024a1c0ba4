// @vitest-environment happy-dom
/**
 * The quick start's shortcut list and the key handler are one table (useShortcuts.ts): every key the
 * list shows does what its row says, every key the handler takes is listed, and other keys do nothing.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { flushPromises } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { makeAppView, makeLegal, makeRefereeView } from '../../testing/fixtures'
import { connectedReferee, mountWith } from '../../testing/mount'
import { SHORTCUTS, useShortcuts, type Shortcut } from '../composables/useShortcuts'
import { useDialogStore } from '../stores/useDialogStore'
import { usePrivacyStore } from '../stores/usePrivacyStore'
import QuickStart from './QuickStart.vue'

/** The referee page in small: the shortcuts installed, and the quick start open. */
const Page = defineComponent({
  setup() {
    useShortcuts()
    return () => h(QuickStart)
  },
})

/** A shown key ('Ctrl+Z', '⌘Z', 'Esc', 'N') as the key press it stands for. */
function press(shown: string): KeyboardEvent {
  const combo = shown.replace('⌘', 'Meta+').replace(/^Esc$/, 'Escape')
  const parts = combo.split('+')
  const key = (parts.pop() as string).toLowerCase()
  return new KeyboardEvent('keydown', {
    key: key.length === 1 ? key : key[0]!.toUpperCase() + key.slice(1),
    ctrlKey: parts.includes('Ctrl'),
    metaKey: parts.includes('Meta'),
    altKey: parts.includes('Alt'),
    shiftKey: parts.includes('Shift'),
    cancelable: true,
  })
}

async function mounted() {
  globalThis.localStorage?.clear()
  const game = makeRefereeView({ undoable: 2, legal: { ...makeLegal(), endNightStep: true } })
  const { pinia, api } = await connectedReferee(makeAppView({ screen: 'game', game }))
  const w = await mountWith(Page, pinia, { attachTo: document.body })
  return { w, api }
}

/** What each shortcut's row promises, observed on the fake host or the dialog. */
const did: Record<Shortcut['id'], (api: Awaited<ReturnType<typeof mounted>>['api'], dialogAnswer: boolean | null) => boolean> = {
  undo: (api) => api.undo.mock.calls.length === 1,
  endNightStep: (api) => api.played('endNightStep').length === 1,
  toggleRoles: () => usePrivacyStore().rolesHidden,
  closeDialog: (_api, answer) => answer === false,
}

describe('the quick start lists the shortcuts the handler takes', () => {
  it('one row per shortcut, in the table order, each described in the referee language', async () => {
    const { w } = await mounted()
    const rows = w.findAll('[data-test="shortcuts"] tr')
    expect(rows.map((r) => r.attributes('data-shortcut'))).toEqual(SHORTCUTS.map((s) => s.id))
    for (const r of rows) expect(r.find('td').text()).not.toMatch(/^help\./)
    w.unmount()
  })

  for (const s of SHORTCUTS)
    it(`${s.id}: every key shown for it does it, and the keys shown are the handler's (on this platform)`, async () => {
      const { w, api } = await mounted()
      const shown = w.findAll(`[data-shortcut="${s.id}"] kbd`).map((k) => k.text())
      expect(shown.length).toBeGreaterThan(0)
      for (const key of shown) {
        api.undo.mockClear()
        api.play.mockClear()
        const dialog = useDialogStore()
        let answer: boolean | null = null
        if (s.when === 'dialog') void dialog.confirm({ message: 'Sure?' }).then((a) => (answer = a))
        else dialog.current = null
        await flushPromises()
        const e = press(key)
        window.dispatchEvent(e)
        await flushPromises()
        expect(did[s.id](api, answer), `${key} → ${s.id}`).toBe(true)
        expect(e.defaultPrevented).toBe(true)
      }
      // The handler takes no key the list leaves out, but for the other platform's modifier.
      const isMac = /Mac/.test(navigator.platform)
      const listed = new Set(shown.map((k) => k.replace('⌘', 'Meta+').replace(/^Esc$/, 'Escape')))
      for (const k of s.keys) expect(listed.has(k) || k.startsWith(isMac ? 'Ctrl+' : 'Meta+'), k).toBe(true)
      w.unmount()
    })

  it('the club guide (docs/guide.md) and each translation of it (docs/guide.<lang>.md) list every key of the table', () => {
    const docs = join(process.cwd(), 'docs')
    const guides = readdirSync(docs).filter((f) => /^guide(\.[a-z]{2})?\.md$/.test(f))
    expect(guides).toContain('guide.md')
    for (const file of guides) {
      // The guide's one table is the keyboard shortcuts (its heading is in the guide's language).
      const rows = readFileSync(join(docs, file), 'utf8')
        .split('\n')
        .filter((l) => l.startsWith('| '))
      for (const s of SHORTCUTS)
        for (const k of s.keys.filter((k) => !k.startsWith('Meta+')))
          expect(
            rows.some((r) => r.split('|')[1]!.includes(k.replace('Escape', 'Esc'))),
            `${file} ${s.id}: ${k}`,
          ).toBe(true)
    }
  })

  it('keys not in the table do nothing', async () => {
    const { w, api } = await mounted()
    for (const key of ['x', 'z', 'Ctrl+Y', 'Ctrl+Shift+Z', 'Alt+N', 'Enter']) {
      const e = press(key)
      window.dispatchEvent(e)
      await flushPromises()
      expect(e.defaultPrevented, key).toBe(false)
    }
    expect(api.undo).not.toHaveBeenCalled()
    expect(api.play).not.toHaveBeenCalled()
    w.unmount()
  })
})
