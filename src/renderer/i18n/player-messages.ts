import { groupLoaders, mergeAreas, type MessageTree, type PageMessages } from './index'

/**
 * A phone in the room: the public board, its role and the room's words. English is bundled; the
 * rest are lazy chunks. (A TV's words: tv-messages.ts.)
 */
const english = import.meta.glob<MessageTree>('../../shared/locales/en/{common,projector,roles,room}.json', { eager: true, import: 'default' })
const others = import.meta.glob(['../../shared/locales/*/{common,projector,roles,room}.json', '!../../shared/locales/en/*.json'])
export const playerMessages: PageMessages = { english: mergeAreas(Object.values(english)), loaders: groupLoaders(others) }
