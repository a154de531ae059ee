// One lint for the whole tree (issue 39, decision 0056): `npm run lint` in `npm test`, where a warning fails the run.
// Folder rules (what may import what, no cycle between folders) live in the architecture tests; this file catches what
// a reader misses line by line: a promise nobody waits for, an unused name, a hook's missing dependency, a label
// without its input, a cycle between two files.
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";

const appDir = fileURLToPath(new URL("./app", import.meta.url));

export default tseslint.config(
  { ignores: ["build/", ".react-router/", ".data/", "public/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".json"],
          alias: { "~": [appDir] },
        }),
      ],
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
      "import-x/no-duplicates": "error",
    },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["app/**/*.tsx"],
    // A choice's label holds its text two spans deep (the option's name and its hint).
    rules: { "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }] },
  },
  // Playwright reads a fixture's first parameter, which must be an object pattern even when it needs nothing.
  { files: ["e2e/**/*.ts"], rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] } },
  { files: ["app/**/*.{ts,tsx}"], ...reactHooks.configs.flat["recommended-latest"] },
  // This file is plain JavaScript outside the TypeScript project.
  { files: ["eslint.config.js"], languageOptions: { globals: { URL: "readonly" } } },
);
