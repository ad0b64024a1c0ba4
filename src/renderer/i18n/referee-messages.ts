import { groupLoaders, mergeAreas, type MessageTree, type PageMessages } from './index'

/**
 * The referee window: every area but the printed cards' own words (cards.json, the cards page's)
 * and the command line's (cli.json), and every feature file. English is bundled; the other languages are lazy chunks.
 */
const english = import.meta.glob<MessageTree>(
  ['../../shared/locales/en/*.json', '../../shared/locales/en/features/*.json', '!../../shared/locales/en/{cards,cli}.json'],
  {
    eager: true,
    import: 'default',
  },
)
const others = import.meta.glob([
  '../../shared/locales/*/*.json',
  '../../shared/locales/*/features/*.json',
  '!../../shared/locales/en/**',
  '!../../shared/locales/*/{cards,cli}.json',
])

export const refereeMessages: PageMessages = { english: mergeAreas(Object.values(english)), loaders: groupLoaders(others) }
