import { groupLoaders, mergeAreas, type MessageTree, type PageMessages } from './index'

/** A TV in the room: the projector's areas (with the story and the standings) and the room's words. */
const tvEnglish = import.meta.glob<MessageTree>(
  ['../../shared/locales/en/{common,projector,roles,club,room}.json', '../../shared/locales/en/features/*.json'],
  {
    eager: true,
    import: 'default',
  },
)
const tvOthers = import.meta.glob([
  '../../shared/locales/*/{common,projector,roles,club,room}.json',
  '../../shared/locales/*/features/*.json',
  '!../../shared/locales/en/**',
])
export const tvMessages: PageMessages = { english: mergeAreas(Object.values(tvEnglish)), loaders: groupLoaders(tvOthers) }
