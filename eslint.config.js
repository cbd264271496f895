import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "coverage/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ["eslint.config.js"] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "no-control-regex": "off",
      // Ports are async (Redis is); the SQLite adapter and test fakes meet them with sync bodies in
      // async functions, which turn a throw into a rejection as callers expect.
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // The payments core, who may use the bot (access) and the state store know nothing of Telegram: they can be driven by a
    // chat bot, a script or a test alike, and Telegram's types never leak into payment logic.
    files: ["src/payments/**/*.ts", "src/state/**/*.ts", "src/access/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["grammy", "grammy/*", "@grammyjs/*"], message: "No grammY in the payments core or the state store: keep Telegram in src/telegram/." },
            { group: ["**/telegram/**", "**/app/**", "**/server/**"], message: "The payments core and the state store depend on nothing above them." },
          ],
        },
      ],
    },
  },
  {
    // expect.any(), expect.stringMatching() and friends are typed `any` by design.
    files: ["test/**/*.ts"],
    rules: { "@typescript-eslint/no-unsafe-assignment": "off" },
  },
  {
    files: ["**/*.js"],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
