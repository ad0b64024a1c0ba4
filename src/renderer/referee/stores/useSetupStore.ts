import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { ApiError, Estimate, EstimateRequest, SetupCheck, StartGameRequest } from '../../../shared/api'
import type { RoleCounts } from '../../../shared/roles'
import type { Ruleset, RulesetOptions } from '../../../shared/ruleset'
import { useAppStore } from './useAppStore'
import { useRevealStore } from './useRevealStore'
import { identityOf, normalizeName } from '../../../shared/names'

export type CountedRole = Exclude<keyof RoleCounts, 'citizen'>
export const COUNTED_ROLES: readonly CountedRole[] = ['mafia', 'investigator', 'doctor']

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T

/** A ruleset id (^[a-z0-9][a-z0-9-]*$) from a name; never one of the presets' ids. */
/** The longest name a seat takes (as the roster field and the host). */
export const MAX_NAME = 60

/**
 * Names from pasted text, split at line ends, commas, semicolons and tabs (also the Japanese 、，；): trimmed, list numbering and bullets dropped, blank lines
 * ignored; a name already in `seated` or pasted twice (case and spacing aside) is skipped.
 */
export function namesFromText(text: string, seated: readonly string[]): { added: string[]; skipped: string[] } {
  // The same player (src/shared/names.ts): case, accents and invisible characters aside.
  const key = identityOf
  const seen = new Set(seated.map(key))
  const added: string[] = []
  const skipped: string[] = []
  for (const raw of text.split(/\r\n|[\r\n,;\t、，；]/u)) {
    const name = normalizeName(
      normalizeName(raw)
        .replace(/^(?:\d{1,3}[.)]|[-*•·])\s+/u, '')
        .slice(0, MAX_NAME),
    )
    if (!name) continue
    if (seen.has(key(name))) {
      skipped.push(name)
      continue
    }
    seen.add(key(name))
    added.push(name)
  }
  return { added, skipped }
}

/**
 * Where the "how well the town reads the table" slider starts: a table that talks and reads faces.
 * At 0 (the floor: nobody reads anybody) the source texts' own deals show about 80 % for the mafia,
 * which is not what a club sees; the panel says so in one line beside the figure.
 */
export const READ_DEFAULT = 0.3

export function rulesetIdFor(name: string, reserved: readonly string[]): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'custom'
  let id = slug
  for (let k = 2; reserved.includes(id); k++) id = `${slug}-${k}`
  return id
}

/**
 * The setup screen's draft: roster, ruleset (a copy of a preset or a saved ruleset, edited freely),
 * role counts, deal mode. Advice (suggested counts, problems) and the balance estimate come from
 * the host, debounced; the host validates everything again in startGame.
 */
export const useSetupStore = defineStore('setup', () => {
  const app = useAppStore()
  const reveal = useRevealStore()

  const players = ref<string[]>([])
  /** The roster's players who sit out the next game (kept by the host with the roster). */
  const sittingOut = ref<string[]>([])
  /** The next game's seats: the roster in its order, without those who sit out. */
  const seated = computed(() => players.value.filter((n) => !sittingOut.value.includes(n)))
  const rosterLoaded = ref(false)
  const rulesetId = ref<string>('')
  const draft = ref<Ruleset | null>(null)
  const counts = ref<Omit<RoleCounts, 'citizen'>>({ mafia: 1, investigator: 0, doctor: 0 })
  /** The referee changed a count; until then the counts follow the host's suggestion. */
  const countsEdited = ref(false)
  const dealMode = ref<'digital' | 'physical'>('digital')
  const check = shallowRef<SetupCheck | null>(null)
  const checkError = shallowRef<ApiError | null>(null)
  const estimate = shallowRef<Estimate | null>(null)
  const estimateError = shallowRef<ApiError | null>(null)
  const estimating = ref(false)
  const policy = ref<EstimateRequest['policy']>('informed')
  /** How well the town reads the table, 0–1 (0: the policy alone; random voting is the floor). */
  const read = ref(READ_DEFAULT)
  /** The estimate stops once every interval is within ±1 point; 10,000 games always get there. */
  const games = ref(10_000)
  const precision = 0.01
  /** Why the host refused to start: a refused setup carries its problems as lines (useCheckText shows them). */
  const startError = shallowRef<ApiError | null>(null)
  const starting = ref(false)
  const saveMessage = ref<string | null>(null)

  const presets = computed(() => app.view?.presets ?? [])
  const customRulesets = computed(() => app.view?.customRulesets ?? [])
  const allRulesets = computed(() => [...presets.value, ...customRulesets.value])
  const source = computed(() => allRulesets.value.find((r) => r.id === rulesetId.value) ?? null)
  const isCustom = computed(() => customRulesets.value.some((r) => r.id === rulesetId.value))
  const changed = computed(() => !!draft.value && !!source.value && JSON.stringify(draft.value) !== JSON.stringify(source.value))
  /** Citizens take the seats the other roles leave (RoleCounts' own definition). */
  /** The fewest players an estimate needs when the roster has fewer (but some): else 0. */
  const tooFewForEstimate = computed(() => {
    const least = Math.max(3, draft.value?.options.minPlayers ?? 3)
    return seated.value.length > 0 && seated.value.length < least ? least : 0
  })
  const fullCounts = computed<RoleCounts>(() => {
    const c = counts.value
    return { ...c, citizen: Math.max(0, seated.value.length - c.mafia - c.investigator - c.doctor) }
  })

  /** Load the roster and a first ruleset from the host's view, once. */
  function syncFromView(): void {
    const v = app.view
    if (!v) return
    if (!rosterLoaded.value) {
      players.value = [...v.roster]
      sittingOut.value = [...(v.sittingOut ?? [])]
      rosterLoaded.value = true
    }
    if (!draft.value || !source.value) {
      const first = allRulesets.value.find((r) => r.id === rulesetId.value) ?? allRulesets.value[0]
      if (first) selectRuleset(first.id)
    }
  }

  function selectRuleset(id: string): void {
    const r = allRulesets.value.find((x) => x.id === id)
    if (!r) return
    rulesetId.value = id
    draft.value = clone(r)
    saveMessage.value = null
  }

  function setOption<K extends keyof RulesetOptions>(key: K, value: RulesetOptions[K]): void {
    if (draft.value) draft.value.options[key] = value
  }

  // ---- roster -------------------------------------------------------------------------------
  async function saveRoster(): Promise<void> {
    await app.act('saveRoster', [...players.value])
  }
  async function addPlayer(name: string): Promise<boolean> {
    const n = name.trim()
    if (!n) return false
    players.value.push(n)
    await saveRoster()
    return true
  }
  /** Rename seat i; answers the old name when the roster was saved with the new one, else null. */
  async function renamePlayer(i: number, name: string): Promise<string | null> {
    const n = name.trim()
    const old = players.value[i]
    if (!n || old === undefined || old === n) return null
    players.value[i] = n
    const r = await app.act('saveRoster', [...players.value])
    return r.ok ? old : null
  }
  async function removePlayer(i: number): Promise<void> {
    if (players.value[i] === undefined) return
    players.value.splice(i, 1)
    await saveRoster()
  }
  async function movePlayer(i: number, delta: -1 | 1): Promise<boolean> {
    const j = i + delta
    const list = players.value
    if (list[i] === undefined || list[j] === undefined) return false
    ;[list[i], list[j]] = [list[j] as string, list[i] as string]
    await saveRoster()
    return true
  }

  /** Move a player from seat `from` to seat `to` (dragging a row); the others close up. */
  async function movePlayerTo(from: number, to: number): Promise<boolean> {
    const list = players.value
    if (from === to || list[from] === undefined || to < 0 || to >= list.length) return false
    const [moved] = list.splice(from, 1)
    list.splice(to, 0, moved as string)
    await saveRoster()
    return true
  }
  /** Empty the roster (the window asks first). */
  async function clearRoster(): Promise<void> {
    if (!players.value.length) return
    players.value = []
    await saveRoster()
  }
  /**
   * Add pasted names, one a line, after the seated ones: blank lines and list numbering ("1.", "2)")
   * are dropped, and a name already seated (or pasted twice) is skipped, not doubled.
   */
  async function pasteNames(text: string): Promise<{ added: string[]; skipped: string[] }> {
    const { added, skipped } = namesFromText(text, players.value)
    if (added.length) {
      players.value = [...players.value, ...added]
      await saveRoster()
    }
    return { added, skipped }
  }

  /** Player i sits out the next game, or comes back to the table (kept in the roster either way). */
  async function setSittingOut(i: number, out: boolean): Promise<void> {
    const name = players.value[i]
    if (name === undefined || sittingOut.value.includes(name) === out) return
    sittingOut.value = out ? [...sittingOut.value, name] : sittingOut.value.filter((n) => n !== name)
    await app.act('setSittingOut', [...sittingOut.value])
  }

  // ---- counts -------------------------------------------------------------------------------
  function setCount(role: CountedRole, n: number): void {
    counts.value = { ...counts.value, [role]: Math.max(0, Math.min(60, Math.floor(n))) }
    countsEdited.value = true
  }
  function applySuggested(): void {
    const s = check.value?.suggested
    const c = counts.value
    if (s && (s.mafia !== c.mafia || s.investigator !== c.investigator || s.doctor !== c.doctor))
      counts.value = { mafia: s.mafia, investigator: s.investigator, doctor: s.doctor }
    countsEdited.value = false
  }

  // ---- host advice and estimate (debounced) -------------------------------------------------
  let timer: ReturnType<typeof setTimeout> | null = null
  let seq = 0
  // Short: a newer estimate supersedes the older one in the host (its worker threads stop between
  // chunks of a few milliseconds), so the estimate can follow the edits closely; the wait only
  // folds changes made together (a ruleset switch, a burst of input) into one question. It is part
  // of the 150 ms from an edit to the new estimate.
  const DEBOUNCE_MS = 10

  function scheduleRefresh(): void {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      void refreshNow()
    }, DEBOUNCE_MS)
  }

  /**
   * The inputs the running refresh is about. Taking the host's suggested counts changes `counts`,
   * which the watcher sees; it is the same question, so it must not start (and supersede) another.
   */
  let asking = ''
  const inputsKey = (): string => JSON.stringify([seated.value, draft.value, counts.value, policy.value, read.value, games.value])

  async function refreshNow(): Promise<void> {
    const r = draft.value
    if (!r) return
    const mine = ++seq
    asking = inputsKey()
    const list = [...seated.value]
    const ruleset = clone(r)
    const edited = countsEdited.value
    const askEstimate = () =>
      app.invoke('estimate', { ruleset, players: list.length, counts: fullCounts.value, policy: policy.value, read: read.value, games: games.value, precision })
    // Counts the referee set do not wait for the host's advice: both questions go at once.
    const early = edited && list.length > 0 && !tooFewForEstimate.value ? askEstimate() : null
    const checked = await app.invoke('checkSetup', ruleset, list, edited ? fullCounts.value : undefined)
    if (mine !== seq) return
    if (checked.ok) {
      check.value = checked.value
      checkError.value = null
      if (!countsEdited.value) {
        applySuggested()
        asking = inputsKey()
      }
    } else {
      check.value = null
      checkError.value = checked.error
    }
    if (list.length === 0 || tooFewForEstimate.value) {
      estimating.value = false
      estimate.value = null
      estimateError.value = null
      return
    }
    estimating.value = true
    const est = await (early ?? askEstimate())
    if (mine !== seq) return
    estimating.value = false
    if (est.ok) {
      estimate.value = est.value
      estimateError.value = null
    } else {
      estimate.value = null
      estimateError.value = est.error
    }
  }

  watch(
    [seated, draft, counts, policy, read, games],
    () => {
      if (inputsKey() !== asking) scheduleRefresh()
    },
    { deep: true },
  )

  // ---- custom rulesets ----------------------------------------------------------------------
  async function saveAsCustom(): Promise<boolean> {
    const r = draft.value
    if (!r) return false
    const reserved = presets.value.map((p) => p.id)
    const existing = customRulesets.value.find((c) => c.name === r.name)
    const id = existing?.id ?? rulesetIdFor(r.name, [...reserved, ...customRulesets.value.map((c) => c.id)])
    const toSave: Ruleset = { ...clone(r), id }
    const res = await app.act('saveRuleset', toSave)
    if (!res.ok) return false
    rulesetId.value = id
    draft.value = clone(toSave)
    saveMessage.value = r.name
    return true
  }

  async function deleteCustom(): Promise<boolean> {
    if (!isCustom.value) return false
    const res = await app.act('deleteRuleset', rulesetId.value)
    if (!res.ok) return false
    rulesetId.value = ''
    draft.value = null
    const first = presets.value[0]
    if (first) selectRuleset(first.id)
    return true
  }

  // ---- start --------------------------------------------------------------------------------
  function request(): StartGameRequest | null {
    if (!draft.value) return null
    return { ruleset: clone(draft.value), players: [...seated.value], counts: fullCounts.value, dealMode: dealMode.value }
  }

  async function start(): Promise<boolean> {
    const req = request()
    if (!req) return false
    starting.value = true
    startError.value = null
    const res = await app.invoke('startGame', req)
    starting.value = false
    if (!res.ok) {
      startError.value = res.error
      return false
    }
    if (req.dealMode === 'digital') reveal.begin()
    return true
  }

  return {
    players,
    sittingOut,
    seated,
    setSittingOut,
    rosterLoaded,
    rulesetId,
    draft,
    counts,
    countsEdited,
    dealMode,
    check,
    checkError,
    estimate,
    estimateError,
    estimating,
    policy,
    read,
    games,
    tooFewForEstimate,
    startError,
    starting,
    saveMessage,
    presets,
    customRulesets,
    allRulesets,
    source,
    isCustom,
    changed,
    fullCounts,
    syncFromView,
    selectRuleset,
    setOption,
    addPlayer,
    renamePlayer,
    removePlayer,
    movePlayer,
    movePlayerTo,
    clearRoster,
    pasteNames,
    setCount,
    applySuggested,
    scheduleRefresh,
    refreshNow,
    saveAsCustom,
    deleteCustom,
    request,
    start,
  }
})
