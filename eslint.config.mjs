import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.vscode-test/**', 'media/**', 'esbuild.js', 'reports/**', '.stryker-tmp/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-floating-promises': 'error',
      eqeqeq: ['error', 'smart'],
    },
    languageOptions: { parserOptions: { projectService: true } },
  },
  {
    // The API client, model and demo server must stay testable in plain Node.
    files: ['src/api/**/*.ts', 'src/model/**/*.ts', 'src/demo/**/*.ts', 'src/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'This layer must not depend on the editor.' }] }],
    },
  },
);
