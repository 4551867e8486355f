// ESLint (flat config): typescript-eslint's recommended rules over every TypeScript file, React's
// rules of hooks in the web app. Formatting is Prettier's (.prettierrc.json), not ESLint's.
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/", "**/dist/", ".sst/", ".data/", "web/public/", "**/*.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      // the plain JavaScript files are Node scripts (TypeScript checks the rest)
      globals: { console: "readonly", process: "readonly", Buffer: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly" },
    },
    rules: {
      // an underscore marks what is destructured only to be left out (`const { email: _forgotten, ...rest } = req`)
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // the input checks match control characters on purpose: to refuse them (line breaks in headers, bidi overrides)
      "no-control-regex": "off",
    },
  },
  {
    // A promise left unawaited in a Lambda is a side effect lost when the function freezes; one handed to
    // something that expects a plain function (an event handler, a forEach) is never awaited either.
    // These rules read the types: typescript-eslint's project service gives them each file's program.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // React calls an event handler and drops what it returns: an async handler there is the web app's
    // idiom (each catches its own failures and shows them), not a promise someone else should await.
    files: ["web/src/**/*.tsx"],
    rules: { "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }] },
  },
  {
    // tests, benchmarks and the stacks' template readers walk untyped JSON (CloudFormation, axe, raw responses)
    files: ["test/**", "scripts/**", "stacks/test/**", "**/test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
);
