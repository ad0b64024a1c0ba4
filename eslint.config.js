// @ts-check
import { builtinModules } from 'node:module'
import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import prettier from 'eslint-config-prettier/flat'
import { defineConfig } from 'eslint/config'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Every Node builtin, bare or `node:`-prefixed, with any subpath (`fs/promises`). Exact names, so
 * a relative module such as './events' is not mistaken for the `events` builtin. */
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'))
const escapeRegex = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const nodeBuiltinRegex = `^(node:.*|(${nodeBuiltins.map(escapeRegex).join('|')})(/.*)?)$`

/**
 * src/shared (contracts), src/engine (rules) and src/sim (seeded simulations) must stay pure: runnable in Node, a browser
 * and a worker alike, deterministic, with no I/O. Time, randomness and I/O enter as commands/events.
 */
/** @type {import('eslint').Linter.RulesRecord} */
const pureLayerRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        { name: 'electron', message: 'The pure layers (src/shared, src/engine, src/sim) must not depend on Electron.' },
        { name: 'electron-store', message: 'Persistence lives in src/main (host/glue), not here.' },
      ],
      patterns: [
        {
          regex: '^electron/',
          message: 'The pure layers (src/shared, src/engine, src/sim) must not depend on Electron.',
        },
        {
          regex: nodeBuiltinRegex,
          message: 'The pure layers (src/shared, src/engine, src/sim) must be pure: no Node builtins (I/O, time, randomness enter as commands).',
        },
      ],
    },
  ],
  'no-restricted-globals': [
    'error',
    ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'indexedDB', 'location'].map((name) => ({
      name,
      message: 'The pure layers (src/shared, src/engine, src/sim) must not touch browser globals.',
    })),
    ...['process', 'require', 'Buffer', '__dirname', '__filename'].map((name) => ({
      name,
      message: 'The pure layers (src/shared, src/engine, src/sim) must not touch Node globals.',
    })),
    ...['setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'performance', 'crypto', 'fetch'].map((name) => ({
      name,
      message: 'Deterministic layer: time, randomness and I/O enter as commands/events.',
    })),
  ],
  'no-restricted-properties': [
    'error',
    {
      object: 'Math',
      property: 'random',
      message: 'Deterministic layer: randomness enters as an event (e.g. DealShuffled).',
    },
    {
      object: 'Date',
      property: 'now',
      message: 'Deterministic layer: time enters as a command/event (e.g. TimerStarted{at}).',
    },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'Deterministic layer: time enters as a command/event (e.g. TimerStarted{at}).',
    },
    { selector: 'ImportExpression', message: 'No dynamic import() in pure layers.' },
    // No state that outlives a call: a module-level variable is const, and a module-level collection is read-only.
    ...['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].flatMap((at) => [
      { selector: `${at}[kind!='const']`, message: 'Pure layer: no module-level let or var (state belongs to the caller).' },
      {
        selector: `${at} > VariableDeclarator:not([id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly(Map|Set)$/]) > NewExpression.init[callee.name=/^(Map|Set|WeakMap|WeakSet)$/]`,
        message: 'Pure layer: no module-level mutable collection (a constant one is typed ReadonlyMap or ReadonlySet; a cache belongs to the caller).',
      },
    ]),
  ],
}

/**
 * The layers, and the only direction imports may go (README.md, "Folder layout"): each
 * folder may import its own files and the layers listed after it, nothing else. The patterns do not
 * overlap: a file's layer is its folder alone, whatever the order (test/layers.test.ts checks that
 * every source file is in exactly one layer). Tests, benchmarks and test helpers may import any layer.
 */
export const LAYERS = {
  shared: { pattern: 'src/shared/**', imports: [] },
  engine: { pattern: 'src/engine/**', imports: ['shared'] },
  sim: { pattern: 'src/sim/**', imports: ['engine', 'shared'] },
  host: { pattern: 'src/host/**', imports: ['engine', 'sim', 'shared'] },
  glue: { pattern: 'src/main/**', imports: ['host', 'shared'] },
  preload: { pattern: 'src/preload/**', imports: ['shared'] },
  renderer: { pattern: 'src/renderer/**', imports: ['shared'] },
  'web-bridge': { pattern: 'src/web/bridge/**', imports: ['shared'] },
  web: { pattern: 'src/web/*', imports: ['host', 'web-bridge', 'shared'] },
  cli: { pattern: 'src/cli/**', imports: ['host', 'sim', 'engine', 'shared'] },
}
/** The test runner's functions whose modifiers (`.only`, `.skip`, …) the test lint watches. */
const TEST_FUNCTIONS = '/^(describe|it|test|bench|suite)$/'
/** Test code, wherever it lives. */
const TEST_FILES = ['**/*.test.ts', '**/*.bench.ts', 'src/engine/testing/**', 'src/renderer/testing/**']

/** Modules the windows may import for their types only: they build zod schemas, which the pages' CSP reports. */
const ZOD_MODULES = '(^|/)shared/(ruleset|ruleset-names|commands|game-file|api-schemas)$'

export default defineConfig(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  pluginVue.configs['flat/recommended'],
  // Layout is Prettier's (npm run format): the layout rules of the configs above are off.
  prettier,

  {
    files: ['**/*.vue'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'], sourceType: 'module' },
    },
  },

  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The fake electron mimics Electron's own shapes (e.g. `focusedWindow = this`).
    files: ['test/electron-fake/**'],
    rules: { '@typescript-eslint/no-this-alias': 'off' },
  },

  // Where each kind of code runs.
  {
    files: ['src/main/**', 'src/preload/**', 'src/cli/**', 'scripts/**', 'test/**', 'bench/**', '*.config.*', '.ci/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Every word a window shows comes from the locale files (src/shared/locales): no raw text in a
    // template, nor in the attributes people read or hear. Symbols and digits alone are allowed.
    files: ['src/renderer/**/*.vue'],
    ignores: ['**/*.test.ts'],
    rules: {
      'vue/no-bare-strings-in-template': [
        'error',
        {
          allowlist: [
            'N',
            '=',
            '·',
            '—',
            '–',
            '-',
            '+',
            '−',
            '×',
            '%',
            '±',
            '↶',
            '↷',
            '↑',
            '↓',
            '▲',
            '▼',
            '✓',
            '✗',
            '…',
            ':',
            '(',
            ')',
            '/',
            '#',
            '|',
            ',',
            '.',
            '?',
            '!',
            '•',
            '★',
            '⏸',
            '▶',
            '✕',
            '←',
            '→',
          ],
          attributes: { '/.+/': ['title', 'aria-label', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext'], input: ['placeholder'], img: ['alt'] },
          directives: ['v-text'],
        },
      ],
    },
  },
  {
    files: ['test/e2e/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },

  // The layers' import direction (LAYERS above).
  {
    files: ['src/**/*.ts', 'src/**/*.vue'],
    ignores: TEST_FILES,
    plugins: { boundaries },
    settings: {
      'boundaries/elements': Object.entries(LAYERS).map(([type, { pattern }]) => ({ type, pattern, partialMatch: false })),
      'import/resolver': { node: { extensions: ['.ts', '.vue', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { module: { origin: ['core', 'external'] } } } },
            ...Object.entries(LAYERS).map(([type, { imports }]) => ({
              from: { element: { type } },
              allow: { to: { element: { types: { anyOf: [type, ...imports] } } } },
            })),
          ],
        },
      ],
    },
  },
  {
    // The windows talk to the host only through their preload's API, and load no zod at run time.
    files: ['src/renderer/**', 'src/preload/**', 'src/web/bridge/**'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The pages load no zod: it probes new Function(), which their CSP reports.' }],
          patterns: [{ regex: ZOD_MODULES, allowTypeImports: true, message: 'This module builds zod schemas: import its types only.' }],
        },
      ],
    },
  },

  // Tests say why they skip, and none is focused (test/test-lint.test.ts): no `.only`; no `.skip`,
  // `.todo` or `runIf`; `skipIf` only with `skipReason(why)` (test/support/skip.ts prints it);
  // `ctx.skip` inside a test only with its reason.
  {
    files: ['**/*.test.ts', '**/*.bench.ts', 'test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `MemberExpression[property.name='only']:matches([object.name=${TEST_FUNCTIONS}], [object.object.name=${TEST_FUNCTIONS}])`,
          message: 'No focused tests: `.only` runs this one and silently drops the rest.',
        },
        {
          selector: `MemberExpression[property.name=/^(skip|todo|runIf)$/]:matches([object.name=${TEST_FUNCTIONS}], [object.object.name=${TEST_FUNCTIONS}])`,
          message: "A test skips only with its reason: `skipIf(skipReason(why))` (test/support/skip.ts), or `ctx.skip(condition, 'why')` inside it.",
        },
        {
          selector: "CallExpression[callee.property.name='skipIf']:not([arguments.0.type='CallExpression'][arguments.0.callee.name='skipReason'])",
          message: 'skipIf takes skipReason(why) (test/support/skip.ts), so the run says why it skipped.',
        },
        {
          selector: 'CallExpression[callee.name=/^(xit|xtest|xdescribe|fit|fdescribe)$/]',
          message: 'No disabled or focused tests.',
        },
        {
          selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(ctx|context|t)$/][arguments.length=0]",
          message: "ctx.skip gives its reason: ctx.skip('why') or ctx.skip(condition, 'why').",
        },
      ],
    },
  },

  // Pure layers last, so nothing above re-enables what they forbid.
  // Tests that live beside the code may read fixtures and measure time.
  {
    files: ['src/shared/**', 'src/engine/**', 'src/sim/**'],
    ignores: ['**/*.test.ts', '**/*.bench.ts'],
    rules: pureLayerRules,
  },
)
