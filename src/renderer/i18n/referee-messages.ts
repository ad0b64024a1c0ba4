import { groupLoaders, mergeAreas, type MessageTree, type PageMessages } from './index'

/** The referee window: every area. English is bundled; the other languages are lazy chunks. */
const english = import.meta.glob<MessageTree>('../../shared/locales/en/*.json', { eager: true, import: 'default' })
const others = import.meta.glob(['../../shared/locales/*/*.json', '!../../shared/locales/en/*.json'])

export const refereeMessages: PageMessages = { english: mergeAreas(Object.values(english)), loaders: groupLoaders(others) }
