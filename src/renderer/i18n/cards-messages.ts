import { groupLoaders, mergeAreas, type MessageTree, type PageMessages } from './index'

/** The cards page: the common words, the cards' own and the role names. English is bundled; the rest are lazy chunks. */
const english = import.meta.glob<MessageTree>('../../shared/locales/en/{common,cards,roles}.json', { eager: true, import: 'default' })
const others = import.meta.glob(['../../shared/locales/*/{common,cards,roles}.json', '!../../shared/locales/en/*.json'])

export const cardsMessages: PageMessages = { english: mergeAreas(Object.values(english)), loaders: groupLoaders(others) }
