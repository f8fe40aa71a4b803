/**
 * Every rule a build or the dev server can report, in one place: the terminal formatter prints
 * its summary and fix, the config validates `messages` against it, and `ERRORS.md` (published
 * with the package) has one section per id (a test holds the three together). A new rule is an
 * entry here and a section there; `BuildMessage.ruleId` only accepts ids listed here.
 */
export interface Rule {
  /** Severity when the site's config does not set one. */
  severity: 'error' | 'warning'
  /**
   * True when the rule cannot be lowered (`messages` may not set it to `warning` or `off`): the
   * page or the site cannot be built as asked, or letting it through would be unsafe.
   */
  fixed?: boolean
  /** What it means, in one line (a group of many occurrences is headed by it). */
  summary: string
  /** What to do, in one line. */
  fix: string
  /** `ssg serve` only: the dev server reports it while it keeps serving the last good site. */
  serveOnly?: boolean
}

// The `satisfies` keeps the ids as a union type (RuleId) while checking each entry.
export const RULES = {
  // Reading and parsing a page.
  'no-pages': {
    severity: 'error',
    summary: 'the site folder has no Markdown file under `content/docs/` or `content/pages/`',
    fix: 'put the Markdown files under `content/docs/` (or run `ssg init` for a starter site)',
  },
  'unreadable-file': {
    severity: 'error',
    fixed: true,
    summary: 'a content file cannot be read',
    fix: 'check the file’s permissions, or remove it from content/',
  },
  'front-matter-yaml': {
    severity: 'error',
    fixed: true,
    summary: 'the front matter between the `---` lines is not valid YAML',
    fix: 'correct the YAML at the position shown (quote values holding `: `, `#` or starting with `[`, `{`, `*`)',
  },
  'front-matter-type': {
    severity: 'error',
    fixed: true,
    summary: 'the front matter is not a mapping of keys to values',
    fix: 'write one `key: value` per line between the `---` lines',
  },
  'front-matter-invalid': {
    severity: 'error',
    fixed: true,
    summary: 'a front matter key has a value of the wrong type',
    fix: 'give the key the type the message names (see the front matter keys in the reference)',
  },
  'front-matter-value': {
    severity: 'warning',
    summary:
      'a front matter key holds a value of another tool (`layout: home`, `sidebar: api`); the default is used',
    fix: 'use a value this toolkit knows for the key (see the front matter keys), or remove the key',
  },
  'compile-failed': {
    severity: 'error',
    fixed: true,
    summary: 'the Markdown pipeline failed on the page (a bug, or input it cannot handle)',
    fix: 'simplify the construct at the place shown, and report the message with the page',
  },
  'highlight-failed': {
    severity: 'warning',
    summary: 'the highlighter failed on a code block of a language it knows; shown as plain text',
    fix: 'report the message with the block; meanwhile mark the block `text` to silence it',
  },
  'mdx-esm': {
    severity: 'warning',
    summary:
      'MDX `import`/`export` statements are not run: left out, so what they define does not show',
    fix: 'write what the statements provided in Markdown, then delete them',
  },
  'mdx-partial': {
    severity: 'warning',
    summary: 'a page shows a partial (an imported Markdown file) that cannot be read',
    fix: 'correct the import path, or create the file it names',
  },
  snippet: {
    severity: 'warning',
    summary:
      'a snippet (`--8<--`, Material for MkDocs) names a file or section that cannot be read',
    fix: 'correct the path (from the site folder) or the section name, or create the file',
  },
  abbreviation: {
    severity: 'warning',
    summary:
      'an abbreviation definition (`*[ABBR]: title`, MkDocs, PHP Markdown Extra) is inside a paragraph: shown as written',
    fix: 'put a blank line before the definition lines',
  },
  'markdown-plugin': {
    severity: 'warning',
    summary: 'a Markdown plugin reported a problem without naming a rule',
    fix: 'read the message; it comes from the plugin that parsed or transformed the page',
  },
  'markdown-twin': {
    severity: 'warning',
    summary: 'the Markdown twin of a page cannot be made; the page is built without one',
    fix: 'simplify the construct the message names, and report the message with the page',
  },
  // Directives: admonitions and tabs.
  'unclosed-directive': {
    severity: 'error',
    fixed: true,
    summary:
      'a `:::name` directive has no closing `:::` line, so the rest of the page would go in it',
    fix: 'add a line with only `:::` (as many colons as the opening) where the directive ends',
  },
  'unknown-directive': {
    severity: 'warning',
    summary:
      'a `:::name` directive is none of the known ones; its content is shown in a plain box (one warning per name and page)',
    fix: 'use note, tip, info, warning, danger, important, caution, details, code-group, tabs or tab',
  },
  'empty-tabs': {
    severity: 'warning',
    summary: 'a `::::tabs` directive holds no `:::tab` directive',
    fix: 'put `:::tab{label="..."}` blocks inside it, with fewer colons than `::::tabs`',
  },
  'tab-label': {
    severity: 'warning',
    summary: 'a `:::tab` has no label; it is shown as "Tab"',
    fix: 'name it: `:::tab{label="curl"}`',
  },
  'tab-outside-tabs': {
    severity: 'warning',
    summary: 'a `:::tab` is not directly inside a `::::tabs` directive',
    fix: 'wrap the tabs in `::::tabs` ... `::::` (the outer fence has more colons)',
  },
  // HTML and code in content.
  'unsafe-html': {
    severity: 'error',
    fixed: true,
    summary: 'content holds `<script>`, an `on*=` handler or a `javascript:` URL',
    fix: 'remove it; add scripts through `headTags` in the config',
  },
  'unknown-language': {
    severity: 'warning',
    summary:
      'a code block names a language the highlighter does not know; shown without highlighting',
    fix: 'use a language name shiki knows (or `text`), or map the name with `markdown.languageAliases`',
  },
  'unknown-icon': {
    severity: 'warning',
    summary:
      'an icon shortcode of Material for MkDocs (`:octicons-…:`, `:fontawesome-…:`, `:simple-…:`, or a `:material-…:` name Material Design Icons lacks) is left out',
    fix: 'use a `:material-…:` icon (pictogrammers.com/library/mdi), an emoji (`:tada:`), or text',
  },
  'unknown-macro': {
    severity: 'warning',
    summary:
      'the page holds `{{macro}}` calls or `{% statements %}` of another tool (MDN, Vue, Jinja) that nothing runs here (one warning per page)',
    fix: 'write the text the macro stood for; MDN references already show their name as code',
  },
  'attribute-list': {
    severity: 'warning',
    summary:
      'an attribute list (`{align=left}`, `{: .note}` on a line of its own) that this toolkit does not apply; it is left out of the page (one warning per page)',
    fix: 'keep the attributes applied (heading `{#id .class}`, link `target`/`rel`/`title`, image `width`/`height`/`loading`), or write the element in HTML',
  },
  'unknown-component': {
    severity: 'warning',
    summary:
      'the page holds components of another tool (`<Badge />`, `<Tabs>`) that nothing renders here; kept as unknown HTML elements (one warning per page)',
    fix: 'write what the component showed in Markdown (a container, a table), or remove it; a type such as `List<String>` goes in code',
  },
  'mermaid-syntax': {
    severity: 'warning',
    summary: 'a ```mermaid diagram cannot be rendered; its source is shown instead',
    fix: 'correct the diagram syntax at the place shown',
  },
  // OpenAPI specs (`openapi` in the config) and the `::openapi` directive.
  'openapi-file': {
    severity: 'error',
    fixed: true,
    summary: 'an OpenAPI file named by `openapi.<id>.file` in the config cannot be read',
    fix: 'give the path of the spec relative to the site folder, or create the file',
  },
  'openapi-yaml': {
    severity: 'error',
    fixed: true,
    summary: 'an OpenAPI file is not valid YAML (or JSON)',
    fix: 'correct the YAML at the place shown (quote values holding `: ` or starting with `{`)',
  },
  'openapi-invalid': {
    severity: 'error',
    fixed: true,
    summary:
      'an OpenAPI file breaks the OpenAPI 3.1 schema, holds an invalid JSON Schema, or an `x-` extension of the generator has the wrong shape',
    fix: 'correct the key at the line and JSON pointer shown (the message says what was expected)',
  },
  'openapi-ref': {
    severity: 'error',
    fixed: true,
    summary: 'a `$ref` of an OpenAPI file points at nothing (or outside the file)',
    fix: 'point it at an existing `#/components/...` entry (the message suggests the closest)',
  },
  'openapi-legacy': {
    severity: 'warning',
    summary: 'an OpenAPI 3.1 file uses an OpenAPI 3.0 keyword that 3.1 ignores (`nullable`)',
    fix: 'write the 3.1 form: add `"null"` to the schema\'s `type`',
  },
  'openapi-unplaced': {
    severity: 'warning',
    summary: 'an operation of an OpenAPI file is on no page, so the reference does not show it',
    fix: 'place it on a page with `::openapi{operation="<operationId>"}` (give it an `operationId` first)',
  },
  'openapi-directive': {
    severity: 'error',
    fixed: true,
    summary:
      'an `::openapi` directive names no spec, operation, schema or part, or its spec has errors',
    fix: 'use an `operationId` or a `components.schemas` name of the spec (the message suggests the closest)',
  },
  // Links, routes and sidebars.
  'missing-page': {
    severity: 'error',
    summary: 'a link or redirect points to a site path that is no page of the site',
    fix: 'link to an existing route (the message suggests the closest), or add a redirect',
  },
  'missing-anchor': {
    severity: 'warning',
    summary: 'a `#fragment` names no heading or id of the linked page',
    fix: 'link to a heading id that exists (the message suggests the closest), or add an id',
  },
  'missing-file': {
    severity: 'warning',
    summary: 'a relative link to a `.md` file names a file that does not exist',
    fix: 'correct the path; it is relative to the linking file',
  },
  'unknown-scheme': {
    severity: 'warning',
    summary: 'a link uses a scheme no browser follows (`xref:`, a tool’s own); it is shown as text',
    fix: 'link to a path of the site or a URL',
  },
  'missing-asset': {
    severity: 'warning',
    summary:
      'an image or a linked file (`./pic.png`, `./guide.pdf`) does not exist beside the page',
    fix: 'correct the path (relative to the page’s file), or add the file',
  },
  'duplicate-route': {
    severity: 'warning',
    summary: 'two files (or a file and a redirect) have one route; the second is skipped',
    fix: 'rename one file, or set `slug` in its front matter, or drop the redirect',
  },
  'category-file': {
    severity: 'warning',
    summary:
      'a folder’s `_category_.json` (Docusaurus) cannot be read or holds a value of the wrong type; the folder’s defaults are used',
    fix: 'write a JSON object with `label` (text), `position` (number), `collapsed` (true/false), `link: {"type": "doc", "id": "..."}`',
  },
  'sidebar-unknown-doc': {
    severity: 'error',
    summary: 'a sidebar in the config names a doc id that no page has',
    fix: 'use the page’s path under content/docs without `.md` (the message suggests the closest)',
  },
  // The dev server (`ssg build` throws these as errors of the config or the theme instead).
  config: {
    severity: 'error',
    fixed: true,
    serveOnly: true,
    summary: 'the config cannot be loaded or is invalid',
    fix: 'correct the key the message names; the site comes back when the config is valid',
  },
  setup: {
    severity: 'error',
    fixed: true,
    serveOnly: true,
    summary: 'the site cannot be set up (the theme or its client entry cannot be loaded)',
    fix: 'install the theme named by `theme.package`, or fix the error the message names',
  },
  theme: {
    severity: 'error',
    fixed: true,
    serveOnly: true,
    summary: 'the theme’s server entry could not be loaded again after a change',
    fix: 'correct the theme module the message names; the last good theme keeps serving',
  },
  'client-bundle': {
    severity: 'error',
    fixed: true,
    serveOnly: true,
    summary: 'the theme’s browser code (or a site override of it) does not bundle',
    fix: 'correct the module at the place shown',
  },
  'render-failed': {
    severity: 'error',
    fixed: true,
    serveOnly: true,
    summary: 'the theme threw while rendering the page',
    fix: 'read the error: a theme override, a slot component or the page data it names',
  },
} as const satisfies Record<string, Rule>

/** The id of a registered rule. */
export type RuleId = keyof typeof RULES

/** The severities a site can give a rule in `messages`. */
export const SEVERITY_SETTINGS = ['off', 'warning', 'error'] as const
export type SeveritySetting = (typeof SEVERITY_SETTINGS)[number]

/** The registry entry of an id, or undefined (messages from caches of older versions). */
export function ruleOf(id: string): Rule | undefined {
  return Object.hasOwn(RULES, id) ? (RULES as Record<string, Rule>)[id] : undefined
}

/** Every rule id, in registry order. */
export const RULE_IDS = Object.keys(RULES) as RuleId[]
