import { groupLoaders, mergeAreas, type MessageTree, type PageMessages } from './index'

/**
 * The projector window: only the areas the room's screen uses (common, projector, roles, club: the story and the standings; room: the QR code's caption) and the feature files, so it
 * loads neither the referee's script nor the setup words. English is bundled; the rest are lazy chunks.
 */
const english = import.meta.glob<MessageTree>(['../../shared/locales/en/{common,projector,roles,club,room}.json', '../../shared/locales/en/features/*.json'], {
  eager: true,
  import: 'default',
})
const others = import.meta.glob([
  '../../shared/locales/*/{common,projector,roles,club,room}.json',
  '../../shared/locales/*/features/*.json',
  '!../../shared/locales/en/**',
])

export const projectorMessages: PageMessages = { english: mergeAreas(Object.values(english)), loaders: groupLoaders(others) }
