import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', 'media/**', 'esbuild.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'dev/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: ['error', 'smart'],
    },
    languageOptions: { parserOptions: { projectService: true } },
  },
  {
    // The API client, model, webview page and development tools must stay testable in plain Node.
    files: ['src/api/**/*.ts', 'src/model/**/*.ts', 'dev/**/*.ts', 'src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'This layer must not depend on the editor.' }] }],
    },
  },
  {
    // A second extension for the browser scenarios: plain CommonJS as VS Code loads it, no build step.
    files: ['test/fixtures/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
