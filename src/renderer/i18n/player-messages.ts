import { groupLoaders, mergeAreas, type MessageTree, type PageMessages } from './index'

/**
 * The room's pages: a phone (the public board, its role and the room's words) and a TV (the
 * projector's areas too, with the story and standings). English is bundled; the rest are lazy chunks.
 */
const english = import.meta.glob<MessageTree>('../../shared/locales/en/{common,projector,roles,room}.json', { eager: true, import: 'default' })
const others = import.meta.glob(['../../shared/locales/*/{common,projector,roles,room}.json', '!../../shared/locales/en/*.json'])
export const playerMessages: PageMessages = { english: mergeAreas(Object.values(english)), loaders: groupLoaders(others) }

const tvEnglish = import.meta.glob<MessageTree>('../../shared/locales/en/{common,projector,roles,club,room}.json', { eager: true, import: 'default' })
const tvOthers = import.meta.glob(['../../shared/locales/*/{common,projector,roles,club,room}.json', '!../../shared/locales/en/*.json'])
export const tvMessages: PageMessages = { english: mergeAreas(Object.values(tvEnglish)), loaders: groupLoaders(tvOthers) }
