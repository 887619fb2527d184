// Lint with typescript-eslint on TypeScript 5.x (TypeScript 7's native build has no compiler API).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'reports/', 'test-results/', 'playwright-report/', 'allure-*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-empty-pattern': 'off',
    },
  },
  {
    // The CLI's launcher is plain CommonJS run by node before the bundle or tsx is loaded.
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests poke at arbitrary JSON answers; typing every shape there would hide what they check.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
