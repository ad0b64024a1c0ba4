/** Role ids shared by every ruleset. Each preset gives them its own display names. */
export const ROLE_IDS = ['mafia', 'investigator', 'doctor', 'citizen'] as const
export type RoleId = (typeof ROLE_IDS)[number]

/** The side a role plays for. Everybody who is not mafia is town. */
export type Side = 'mafia' | 'town'
export const sideOf = (role: RoleId): Side => (role === 'mafia' ? 'mafia' : 'town')

export type Winner = 'town' | 'mafia' | 'draw'

/** Role counts of a deal. Citizens fill whatever the other roles leave. */
export interface RoleCounts {
  mafia: number
  investigator: number
  doctor: number
  citizen: number
}
