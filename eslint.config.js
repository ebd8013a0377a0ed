// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['scan', 'catalogue', 'sets', 'auth', 'profile', 'debug', 'collection'];
/** Features whose index.ts is a public face the others may use: the collection's add widget and scan session. */
const publicFaces = ['collection'];

/** A feature may use app-wide pieces but never another feature's insides: each stays removable on its own. */
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: features
              .filter((other) => other !== feature)
              .flatMap((other) =>
                publicFaces.includes(other)
                  ? [`**/features/${other}/**`, `!**/features/${other}/index.ts`, `../${other}/**`, `!../${other}/index.ts`]
                  : [`**/features/${other}`, `**/features/${other}/**`, `../${other}`, `../${other}/**`],
              ),
            message: "Features do not import each other's insides; use the other feature's index.ts, or move shared code to src/components, src/lib or src/state.",
          },
          { group: ['**/app/**', '**/app'], message: 'Imports flow app -> features -> shared, never back to app.' },
        ],
      },
    ],
  },
}));

/**
 * Identification's stages, in the order a photo goes through them: a stage imports only the shared
 * folders below it and earlier stages, so each can be read, tested and replaced knowing only those.
 */
const visionLayers = ['runtime', 'image', 'geometry', 'decode', 'locate', 'rectify', 'describe', 'search', 'verify', 'answer', 'pipeline', 'serve'];
const visionBoundaries = visionLayers.slice(0, -1).map((layer, i) => ({
  files: [`server/vision/${layer}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [...visionLayers.slice(i + 1), ...(i < visionLayers.indexOf('pipeline') ? ['catalog-index'] : [])].flatMap((later) => [`../${later}/**`, `**/vision/${later}/**`]),
            message: `server/vision/${layer} imports only earlier stages (${visionLayers.slice(0, i).join(', ') || 'none'}) and the settings.`,
          },
          { group: ['**/http-error.ts'], message: 'Stages throw their own errors; serve/ alone answers in HTTP.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'public/ort', 'training', 'coverage', 'bench/out', 'src/i18n/compiled'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**', 'server/**', 'bench/**', 'e2e/**', '*.config.*'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['bench/**/page-*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '**/src'], message: 'engine/ is a library: it never imports the app.' },
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'engine/ has no React.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/state/**/*.{ts,tsx}', 'src/i18n/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/app/**', '**/app'], message: 'Shared code never imports features or the app.' },
            { group: ['**/engine/**', '!**/engine/api*'], message: 'The app imports only engine/api types.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  ...visionBoundaries,
);
