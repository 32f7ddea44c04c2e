// ESLint flat config, set up as Remix's and Cloudflare's templates set it up (TypeScript, React, hooks,
// accessibility), plus the rule that keeps Gradewell's two deployables apart (docs/decisions/0007).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import importX from "eslint-plugin-import-x";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";

/** Import specifiers each part may not use: web app → core ← grading worker, never between the workers. */
const forbidden = {
  grading: { regex: "(^|/)workers/grading(/|$)", message: "The web app never imports the grading worker: shared code lives in core/." },
  webApp: {
    regex: "(^~/|(^|/)app/|(^|/)workers/app(\\.ts)?$)",
    message: "The grading worker never imports the web app: shared code lives in core/.",
  },
  workers: { regex: "(^|/)workers/", message: "core/ imports neither worker." },
  // The grading worker's rooms (docs/decisions/0036): values ← answers ← judging, and reading below them all.
  judging: { regex: "(^|/)judging(/|$)", message: "Only the pipeline imports judging: reading and answers come before it." },
  answers: { regex: "(^|/)answers(/|$)", message: "Reading comes before the answers: it never imports them." },
  values: { regex: "(^|/)values(/|$)", message: "Reading does not interpret values: that is the answers' and judging's work." },
  // Dev tools (renderers, reading figures) serve scripts and tests; nothing that ships imports them (docs/decisions/0045).
  tools: {
    regex: "(^|/)tools/",
    message: "Dev tools (tools/) serve scripts and tests: the app, the core and the workers never import them.",
  },
  pipeline: {
    regex: "^\\.\\./(pipeline|consumer|reading|reader|results|engines)(\\.ts)?$",
    message: "A room never imports the pipeline that composes it.",
  },
};

/** drizzle's comparison helpers: called with a `teacherId` column first, they filter a teacher's rows by hand. */
const teacherFilterCalls = "/^(eq|ne|inArray|notInArray|isNull|isNotNull)$/";
const teacherFilterMessage =
  "Filter a teacher's rows through core/db/scoped.ts (forTeacher, ownedBy, identityOf), never by a hand-written teacherId condition.";

/** A hand-written teacher filter: a drizzle comparison on a `teacherId` column, or `teacher_id` in raw SQL. */
const teacherFilterSelectors = [
  {
    selector: `CallExpression[callee.name=${teacherFilterCalls}] > MemberExpression.arguments:first-child[property.name="teacherId"]`,
    message: teacherFilterMessage,
  },
  { selector: `TaggedTemplateExpression[tag.name="sql"] MemberExpression[property.name="teacherId"]`, message: teacherFilterMessage },
  { selector: `TaggedTemplateExpression[tag.name="sql"] TemplateElement[value.raw=/teacher_id/]`, message: teacherFilterMessage },
];

const rawClientMessage =
  "The teacher scope is the only door (docs/decisions/0050, 0056): use its methods, or add one in core/db/scoped.ts, never its raw client.";
/** The scope's raw client: `scope.db`, `forTeacher(...).db`, or `db` destructured from either. */
const rawClientSelectors = [
  { selector: `MemberExpression[property.name="db"][object.name="scope"]`, message: rawClientMessage },
  { selector: `MemberExpression[property.name="db"][object.callee.name="forTeacher"]`, message: rawClientMessage },
  { selector: `VariableDeclarator[init.name="scope"] > ObjectPattern > Property[key.name="db"]`, message: rawClientMessage },
  { selector: `VariableDeclarator[init.callee.name="forTeacher"] > ObjectPattern > Property[key.name="db"]`, message: rawClientMessage },
];

/** Module resolution for the import rules: TypeScript sources without extensions, and the app's "~/" alias. */
const resolver = importX.createNodeResolver({
  extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs"],
  alias: { "~": [fileURLToPath(new URL("./app", import.meta.url))] },
});

export default tseslint.config(
  { ignores: ["**/build/**", "**/.wrangler/**", "**/node_modules/**", "tests/e2e/artifacts/**", "**/*.d.ts", "migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "@typescript-eslint/no-namespace": "off",
      // Escaped "-" and "[" inside character classes read as literals at a glance; unescaping them can turn a class into a range.
      "no-useless-escape": "off",
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    // Tests read JSON answers loosely on purpose.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["app/**/*.tsx"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "detect" } },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      ...jsxA11y.flatConfigs.recommended.rules,
      "react/prop-types": "off",
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  // The dependency direction (DESIGN.md): app/ and workers/app.ts → core/ ← workers/grading/.
  {
    files: ["app/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [forbidden.grading, forbidden.tools] }] },
  },
  {
    files: ["workers/app.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [forbidden.grading, { ...forbidden.grading, regex: "^\\./grading(/|$)" }, forbidden.tools] },
      ],
    },
  },
  {
    files: ["workers/grading/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [forbidden.webApp, forbidden.tools] }] },
  },
  {
    files: ["workers/grading/reading/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [forbidden.webApp, forbidden.judging, forbidden.answers, forbidden.values, forbidden.pipeline, forbidden.tools] },
      ],
    },
  },
  {
    files: ["workers/grading/answers/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [forbidden.webApp, forbidden.judging, forbidden.pipeline, forbidden.tools] }] },
  },
  {
    files: ["workers/grading/values/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [forbidden.webApp, forbidden.judging, forbidden.answers, forbidden.pipeline, forbidden.tools] },
      ],
    },
  },
  {
    files: ["workers/grading/judging/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [forbidden.webApp, forbidden.pipeline, forbidden.tools] }] },
  },
  // No import cycles in the code that ships (type-only imports included: a cycle of types is still a knot to untie).
  {
    files: ["app/**/*.{ts,tsx}", "core/**/*.ts", "workers/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [resolver],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["core/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [forbidden.webApp, forbidden.workers, forbidden.tools] }] },
  },
  // The plan rules are imported by the pages: no table may come in with them (docs/decisions/0051).
  {
    files: ["core/plans.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["./db/*"],
              allowTypeImports: true,
              message:
                "The pages import core/plans.ts: load tables inside the function that queries them, so drizzle stays out of their bundle.",
            },
          ],
        },
      ],
    },
  },
  // One door to a teacher's data (docs/decisions/0044, 0050, 0056): a teacher filter is written only in
  // core/db/scoped.ts, and nothing takes a raw client from the scope (it has none; the rule keeps one from coming back).
  {
    files: ["app/**/*.{ts,tsx}", "core/**/*.ts", "workers/**/*.ts", "scripts/**/*.{ts,mjs}"],
    ignores: ["core/db/scoped.ts"],
    rules: { "no-restricted-syntax": ["error", ...teacherFilterSelectors, ...rawClientSelectors] },
  },
  prettier,
);
