/** The balance estimator: Monte Carlo games through the engine with pluggable policies. Pure TypeScript. */
export {
  simulate,
  simulateOne,
  playGame,
  prepareBatch,
  startingStates,
  summarise,
  daysOf,
  SimulationSetupError,
  type Batch,
  type Simulation,
  type SimulateOptions,
  type GameOutcome,
} from './simulate'
export { CHUNK_GAMES, ChunkMerger, chunkCount, type Tally } from './tally'
export { POLICIES, POLICY_NAMES, randomPolicy, informedPolicy, type Policy, type PolicyName, type PolicyPlayer } from './policies'
export { createRng, seedWords, DEFAULT_SEED, type Rng } from './prng'
export { proportion, Z95, type Proportion } from './stats'
