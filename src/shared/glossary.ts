import type { Language } from './languages'
import type { RoleId } from './roles'
import type { PresetId } from './preset-ids'

/**
 * The glossary: for every preset and language, the words a club uses for the ruleset, its roles and
 * teams, the phases, the vote, the investigator's answer and its gesture, each with the reason it was
 * chosen. ★ marks the source text's own word, in its own language (../shared/seeds: 000 MaffiaSIG in
 * Hungarian, 004 its Japanese translation, 001 Estonian, 003 Swedish).
 *
 * This is the one list: the presets take their role, team and ruleset names from it
 * (src/engine/rulesets), `docs/glossary.md` is printed from it (`npx tsx scripts/glossary.ts`),
 * and `glossary.test.ts` checks that the locale strings use these words and type no role word.
 */
export interface Term {
  word: string
  why: string
  /** The part every inflected form shares, where the locale strings inflect the word (kivégz-: kivégzés, kivégezzük). */
  stem?: string
}

/** A role's word: the label (cards, headings, vocatives) and, where the language needs one, its definite form ("Konstapeln vaknar"). */
export interface RoleTerm extends Term {
  the?: string
}

export interface PresetWords {
  ruleset: Term
  roles: Record<RoleId, RoleTerm>
  teams: { town: Term; mafia: Term }
}

/** Words shared by every preset in a language: phases, the vote and the investigator's answer. */
export interface LanguageWords {
  night: Term
  day: Term
  vote: Term
  execution: Term
  /** The answer "is mafia" / "is not mafia" (MaffiaSIG, Estonian) and "evil" / "good" (Swedish). */
  answerMafia: Term
  answerNotMafia: Term
  answerEvil: Term
  answerGood: Term
  thumbUp: Term
  thumbDown: Term
}

/** The answer and its gesture in each preset: thumb up = mafia (MaffiaSIG, Estonian), thumb down = evil (Swedish). */
export const ANSWER_STYLE: Record<PresetId, { yes: 'answerMafia' | 'answerEvil'; no: 'answerNotMafia' | 'answerGood'; yesGesture: 'thumbUp' | 'thumbDown' }> = {
  maffiasig: { yes: 'answerMafia', no: 'answerNotMafia', yesGesture: 'thumbUp' },
  estonian: { yes: 'answerMafia', no: 'answerNotMafia', yesGesture: 'thumbUp' },
  swedish: { yes: 'answerEvil', no: 'answerGood', yesGesture: 'thumbDown' },
}

/** The language each preset's source text is written in. */
export const SOURCE_LANGUAGE: Record<PresetId, Language> = { maffiasig: 'hu', estonian: 'et', swedish: 'sv' }

const t = (word: string, why: string, stem?: string): Term => (stem ? { word, why, stem } : { word, why })
const r = (word: string, why: string, the?: string): RoleTerm => (the ? { word, why, the } : { word, why })

const SRC = '★ the source text’s word'
const SAME_TOWN = 'the one town-team word of this language, as in the other presets'

export const PRESET_WORDS: Record<PresetId, Record<Language, PresetWords>> = {
  maffiasig: {
    en: {
      ruleset: t('MaffiaSIG', 'the club’s own name (Mensa HungarIQa Maffia SIG)'),
      roles: {
        mafia: r('Mafioso', 'a member of the mafia; “maffiózó” in the source'),
        investigator: r('Inspector', 'translates “felügyelő” / 検査官'),
        doctor: r('Doctor', 'not in the source; the plain word'),
        citizen: r('Citizen', 'translates “polgár” / 市民'),
      },
      teams: { town: t('Town', 'the citizens as a side'), mafia: t('Mafia', 'the mafia as a side') },
    },
    hu: {
      ruleset: t('MaffiaSIG', 'the club’s own name'),
      roles: {
        mafia: r('Maffiózó', `${SRC}: „Ki kell választani a maffiózókat és a polgárokat.”`),
        investigator: r('Felügyelő', `${SRC}: „ő a felügyelő”`),
        doctor: r('Orvos', 'not in the source; the everyday word'),
        citizen: r('Polgár', `${SRC}: „a maffiózókat és a polgárokat”`),
      },
      teams: { town: t('Polgárok', `${SRC}: „a polgárság célja”`), mafia: t('Maffia', `${SRC}: „a maffia tagjai”`) },
    },
    et: {
      ruleset: t('MaffiaSIG', 'the club’s own name'),
      roles: {
        mafia: r('Maffia', 'the Estonian club text uses “maffia” for a person too (“kes on maffia”)'),
        investigator: r('Inspektor', 'the usual Estonian police-rank word, as felügyelő'),
        doctor: r('Arst', 'the everyday word'),
        citizen: r('Kodanik', 'mirrors polgár / 市民'),
      },
      teams: { town: t('Külarahvas', SAME_TOWN), mafia: t('Maffia', 'as the Estonian text') },
    },
    sv: {
      ruleset: t('MaffiaSIG', 'the club’s own name'),
      roles: {
        mafia: r('Maffioso', 'a member of the mafia, as maffiózó', 'Maffioson'),
        investigator: r('Inspektör', 'the plain equivalent of felügyelő', 'Inspektören'),
        doctor: r('Läkare', 'the word of the Swedish club text', 'Läkaren'),
        citizen: r('Stadsbo', 'pairs with the team “stadsborna”, as polgár / polgárok (not “medborgare”, legal citizenship)', 'Stadsbon'),
      },
      teams: { town: t('Staden', SAME_TOWN), mafia: t('Maffian', 'as the Swedish text') },
    },
    ja: {
      ruleset: t('MaffiaSIG', 'the club’s own name'),
      roles: {
        mafia: r('マフィア', `${SRC}: 「市民とマフィアのメンバーの2つのグループ」`),
        investigator: r('検査官', `${SRC}: 「排他的権利を持つ特別な市民がいます：検査官」`),
        doctor: r('医者', 'not in the source; the everyday word'),
        citizen: r('市民', `${SRC}: 「すべての住民は、市民と…」`),
      },
      teams: { town: t('市民', `${SRC}: the citizens as a side`), mafia: t('マフィア', SRC) },
    },
  },
  estonian: {
    en: {
      ruleset: t('Estonian', 'the club’s country'),
      roles: {
        mafia: r('Mafia', 'the Estonian text calls a member “maffia”'),
        investigator: r('Police officer', 'translates “politseinik”'),
        doctor: r('Doctor', 'translates “arst”'),
        citizen: r('Villager', 'translates “külaelanik”'),
      },
      teams: { town: t('Villagers', 'translates “külarahvas”'), mafia: t('Mafia', 'translates “maffia”') },
    },
    hu: {
      ruleset: t('Észt', 'the club’s country, as an adjective'),
      roles: {
        mafia: r('Maffiózó', 'the Hungarian word for a member of the mafia'),
        investigator: r('Rendőr', 'the everyday word for a police officer'),
        doctor: r('Orvos', 'the everyday word'),
        citizen: r('Falusi', 'a villager; a noun in everyday use'),
      },
      teams: { town: t('Falusiak', 'the villagers as a side'), mafia: t('Maffia', 'the mafia as a side') },
    },
    et: {
      ruleset: t('Eesti', 'the club’s own country'),
      roles: {
        mafia: r('Maffia', `${SRC}: „Maffia – rolliga mängukaart on äss.”`),
        investigator: r('Politseinik', `${SRC}: „Politseinik – rolliga mängukaart on kuningas.”`),
        doctor: r('Arst', `${SRC}: „Arst – rolliga mängukaart on emand.”`),
        citizen: r('Külaelanik', `${SRC}: „Külaelanik – rolliga mängukaart on numbriga kaart.”`),
      },
      teams: { town: t('Külarahvas', `${SRC}: „Mängus on kaks poolt – külarahvas ja maffia.”`), mafia: t('Maffia', SRC) },
    },
    sv: {
      ruleset: t('Estniska', 'the club’s country, as an adjective'),
      roles: {
        mafia: r('Maffia', 'as the Swedish text: “en maffia”', 'Maffian'),
        investigator: r('Polis', 'the everyday word for a police officer', 'Polisen'),
        doctor: r('Läkare', 'the everyday word', 'Läkaren'),
        citizen: r('Bybo', 'a villager', 'Bybon'),
      },
      teams: { town: t('Byborna', 'the villagers as a side'), mafia: t('Maffian', 'the mafia as a side') },
    },
    ja: {
      ruleset: t('エストニア', 'the club’s country'),
      roles: {
        mafia: r('マフィア', 'as in MaffiaSIG’s Japanese text'),
        investigator: r('警察官', 'the everyday word for a police officer'),
        doctor: r('医者', 'the everyday word'),
        citizen: r('村人', 'the standard word of Japanese party games (人狼)'),
      },
      teams: { town: t('村人', 'the villagers as a side; the winner line names the same word as the role'), mafia: t('マフィア', 'as the role') },
    },
  },
  swedish: {
    en: {
      ruleset: t('Swedish', 'the club’s country'),
      roles: {
        mafia: r('Mafia', 'the Swedish text calls a member “en maffia”'),
        investigator: r('Constable', 'translates “konstapel”, a rank-and-file officer'),
        doctor: r('Doctor', 'translates “läkare”'),
        citizen: r('Farmer', 'translates “bonde”'),
      },
      teams: { town: t('Town', 'translates “staden”'), mafia: t('Mafia', 'translates “maffian”') },
    },
    hu: {
      ruleset: t('Svéd', 'the club’s country, as an adjective'),
      roles: {
        mafia: r('Maffiózó', 'the Hungarian word for a member of the mafia'),
        investigator: r('Rendőr', 'a konstapel is a rank-and-file officer (not “rendőrbiztos”, a commissioner)'),
        doctor: r('Orvos', 'the everyday word'),
        citizen: r('Földműves', 'translates “bonde”'),
      },
      teams: { town: t('Polgárok', SAME_TOWN), mafia: t('Maffia', 'the mafia as a side') },
    },
    et: {
      ruleset: t('Rootsi', 'the club’s country'),
      roles: {
        mafia: r('Maffia', 'as the Estonian text'),
        investigator: r('Konstaabel', 'the same rank word'),
        doctor: r('Arst', 'the everyday word'),
        citizen: r('Talupoeg', 'translates “bonde”'),
      },
      teams: { town: t('Külarahvas', SAME_TOWN), mafia: t('Maffia', 'as the Estonian text') },
    },
    sv: {
      ruleset: t('Svenska', 'the club’s own country'),
      roles: {
        mafia: r('Maffia', `${SRC}: „Rollerna; bönder, konstapel, läkare och maffia”`, 'Maffian'),
        investigator: r('Konstapel', `${SRC}: „konstapeln vaknar”`, 'Konstapeln'),
        doctor: r('Läkare', `${SRC}: „konstapel, läkare och maffia”; spoken „Doktorn vaknar”`, 'Läkaren'),
        citizen: r('Bonde', `${SRC}: „Rollerna; bönder, …”`, 'Bonden'),
      },
      teams: { town: t('Staden', `${SRC}: „staden somnar”, „Stadsborna vinner”`), mafia: t('Maffian', `${SRC}: „Röstar ut alla i maffian”`) },
    },
    ja: {
      ruleset: t('スウェーデン', 'the club’s country'),
      roles: {
        mafia: r('マフィア', 'as in MaffiaSIG’s Japanese text'),
        investigator: r('巡査', 'the exact rank word for a konstapel'),
        doctor: r('医者', 'the everyday word'),
        citizen: r('農民', 'translates “bonde”'),
      },
      teams: { town: t('市民', SAME_TOWN), mafia: t('マフィア', 'as the role') },
    },
  },
}

export const LANGUAGE_WORDS: Record<Language, LanguageWords> = {
  en: {
    night: t('Night', 'plain'),
    day: t('Day', 'plain'),
    vote: t('vote', 'plain'),
    execution: t('execution', 'execute / execution', 'execut'),
    answerMafia: t('MAFIA', 'the answer, in capitals so it is not misread'),
    answerNotMafia: t('NOT mafia', 'the answer'),
    answerEvil: t('EVIL', 'translates “ond”'),
    answerGood: t('GOOD', 'translates “god”'),
    thumbUp: t('thumb up', 'the gesture'),
    thumbDown: t('thumb down', 'the gesture'),
  },
  hu: {
    night: t('éjszaka', `${SRC}: „nappalokra és éjszakákra oszlik”`),
    day: t('nappal', `${SRC}: the game day is “nappal” (not “nap”)`),
    vote: t('szavazás', `${SRC}: „szavazás”`, 'szava'),
    execution: t('kivégzés', `${SRC}: „egyetlen kivégzésre kerül sor”`, 'kivégz'),
    answerMafia: t('MAFFIÓZÓ', 'the source’s word for the answer'),
    answerNotMafia: t('NEM maffiózó', 'the answer'),
    answerEvil: t('GONOSZ', 'translates “ond”'),
    answerGood: t('JÓ', 'translates “god”'),
    thumbUp: t('bólint', `${SRC}: „pl bólogatással tudatja” (a nod); the yes sign of every preset in Hungarian (mafia; good for the Swedish answer)`),
    thumbDown: t('megrázza a fejét', 'the head shake, the no sign (not mafia; evil for the Swedish answer, as its thumb down)'),
  },
  et: {
    night: t('öö', `${SRC}: „öö ja päev”`),
    day: t('päev', SRC),
    vote: t('hääletus', `${SRC}: „hääletatakse”`, 'hääl'),
    execution: t('hukkamine', `${SRC}: „kes hukatakse”`, 'huk'),
    answerMafia: t('MAFFIA', SRC),
    answerNotMafia: t('EI OLE maffia', 'the answer'),
    answerEvil: t('KURI', 'translates “ond”'),
    answerGood: t('HEA', 'translates “god”'),
    thumbUp: t('pöial üles', `${SRC}: „suunab mängujuht pöidla üles”`),
    thumbDown: t('pöial alla', `${SRC}: „suunab ta pöidla alla”`),
  },
  sv: {
    night: t('Natt', `${SRC}: „FAS 1: Natten”`),
    day: t('Dag', `${SRC}: „FAS 2: DAGEN”`),
    vote: t('omröstning', `${SRC}: „omröstning via handuppräckning”`, 'röst'),
    execution: t('avrättning', `${SRC}: „nominerat … till avrättning”`, 'avrätt'),
    answerMafia: t('MAFFIA', 'the answer'),
    answerNotMafia: t('INTE maffia', 'the answer'),
    answerEvil: t('OND', `${SRC}: „tumme ner för ond”`),
    answerGood: t('GOD', `${SRC}: „tumme upp för god”`),
    thumbUp: t('tummen upp', SRC),
    thumbDown: t('tummen ner', SRC),
  },
  ja: {
    night: t('夜', `${SRC}: 「昼と夜で構成されています」`),
    day: t('昼', SRC),
    vote: t('投票', SRC),
    execution: t('処刑', `${SRC}: 「処刑し」`),
    answerMafia: t('マフィア', SRC),
    answerNotMafia: t('マフィアではない', 'the answer'),
    answerEvil: t('悪人', '“ond” describes a person: 悪人, not the abstract 悪'),
    answerGood: t('善人', '“god” describes a person: 善人'),
    thumbUp: t('親指を立てる', 'the gesture, with its verb'),
    thumbDown: t('親指を下に向ける', 'the gesture, with its verb'),
  },
}
