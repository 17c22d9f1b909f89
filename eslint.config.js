import tseslint from 'typescript-eslint';

/** Test support, fakes and benchmarks live in test/ and bench/: product code never imports them. */
const TEST_AND_BENCH = {
  group: ['**/test/**', '**/bench/**', '**/e2e/**'],
  message: 'product code may not import test support, fakes or benchmarks (test/, bench/, e2e/)',
};
/** src-shared runs in the renderer, the server and the render workers alike: it may not reach into either side (its tests, run in Node, load fonts and samples from src-main). */
const OTHER_ROOTS = {
  group: ['@main/**', '@renderer/**', '**/src-main/**', '**/src-renderer/**'],
  message: 'src-shared may not import src-main or src-renderer: it runs on both sides',
};
/** The renderer is browser code: the server's modules (Node built-ins, the store) are not for it. */
const SERVER_ROOT = {
  group: ['@main/**', '**/src-main/**'],
  message: 'src-renderer may not import src-main: it runs in the browser',
};
/**
 * An element kind's descriptor (ELEMENT_KINDS) reaches the editor's engine in the browser: its code may take types from
 * the format writers, never their code (pdfkit, resvg), which the writer's context brings (docs/architecture.md).
 */
const EMIT_AT_RUN_TIME = {
  group: ['**/emit/**'],
  allowTypeImports: true,
  message: 'src-shared/elements may import only types from emit/: what a writer owns comes through its context',
};
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'dist/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      'no-eval': 'error',
      'no-new-func': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [TEST_AND_BENCH, OTHER_ROOTS] }] },
  },
  {
    files: ['src-shared/elements/**/*.ts'],
    ignores: TESTS,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [EMIT_AT_RUN_TIME] }] },
  },
  {
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.tsx'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [TEST_AND_BENCH, SERVER_ROOT] }] },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [TEST_AND_BENCH] }] },
  },
);
