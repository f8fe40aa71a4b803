/**
 * The files `ssg init` writes: a site that builds with no warnings and shows each part of the
 * authoring syntax once (the second docs page is a short guide to it).
 */
export function siteTemplate(options: {
  title: string
  /** The package name (from the folder name). */
  name: string
  /** How the package's scripts run ssg: `ssg`, or `node "<path>/bin/ssg.js"`. */
  ssg: string
}): Record<string, string> {
  const { title, ssg } = options
  const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'
  return {
    'package.json': json({
      name: options.name,
      version: '0.1.0',
      private: true,
      type: 'module',
      scripts: {
        start: `${ssg} serve`,
        build: `${ssg} build`,
        preview: `${ssg} serve --static`,
      },
    }),
    '.gitignore': 'node_modules/\nbuild/\n.ssg-cache/\n',
    'ssg.config.ts': `import { defineConfig } from '@ssg/core/config'

// Every key is documented in @ssg/core's src/config/schema.ts (your editor shows it on hover).
export default defineConfig({
  title: ${quote(title)},
  tagline: 'Documentation that builds in seconds',
  // Where the site will be published (sitemap.xml and canonical links use it): set yours.
  url: 'https://example.com',
  navbar: {
    items: [{ label: 'Docs', href: '/docs/' }],
  },
  sidebars: {
    docs: [
      { type: 'doc', id: 'index', label: 'Introduction' },
      { type: 'category', label: 'Guides', collapsed: false, items: ['writing-pages'] },
    ],
  },
  footer: {
    copyright: ${quote(`Copyright © ${new Date().getFullYear()} ${title}`)},
  },
  // Severity of each rule of the build's messages (see @ssg/core's ERRORS.md), for example:
  // messages: { 'unknown-language': 'off' },
})
`,
    'content/pages/index.md': `---
title: ${yaml(title)}
description: ${yaml(`The documentation of ${title}.`)}
layout: landing
hero:
  title: ${yaml(title)}
  tagline: Everything you need to know, one search away.
  actions:
    - label: Get started
      href: /docs/
      variant: primary
    - label: Writing pages
      href: /docs/writing-pages
      variant: secondary
cards:
  - title: Introduction
    description: What this site is and how it is organised.
    href: /docs/
  - title: Writing pages
    description: Front matter, admonitions, tabs, code blocks and links.
    href: /docs/writing-pages
---

## Welcome

This is the landing page, \`content/pages/index.md\`. Edit it while \`npm start\` runs and the
page reloads on save.
`,
    'content/docs/index.md': `---
title: Introduction
description: What this site is and how its files are organised.
---

Welcome to the documentation of ${title}. Every Markdown file under \`content/docs\` is a page:
\`content/docs/index.md\` is \`/docs/\`, and \`content/docs/writing-pages.md\` is
[\`/docs/writing-pages\`](./writing-pages.md).

## Where things are

| File or folder   | What it holds                                   |
| ---------------- | ----------------------------------------------- |
| \`ssg.config.ts\`  | title, navbar, sidebars, footer and the rest    |
| \`content/docs/\`  | the docs pages, one Markdown file each          |
| \`content/pages/\` | pages outside the docs, like the landing page   |
| \`static/\`        | files copied as they are (images, favicon)      |

## Next steps

Read [Writing pages](/docs/writing-pages) for the syntax, then replace these pages with yours and
list them in \`sidebars\` in the config.
`,
    'content/docs/writing-pages.md': `---
title: Writing pages
description: Front matter, admonitions, tabs, code blocks and links in a page.
---

Pages are CommonMark with GitHub's extensions (tables, task lists, strikethrough), a YAML front
matter block, and a few directives.

## Front matter

The block between \`---\` lines at the top sets the page's \`title\` (else its first heading),
\`description\`, \`sidebar_label\`, \`sidebar_position\`, \`slug\` and more.

## Admonitions

:::tip[Build often]
\`npm run build\` checks every link and prints what to fix, with file, line and column.
:::

The kinds are \`note\`, \`tip\`, \`info\`, \`warning\` and \`danger\`.

## Tabs

::::tabs{group="pm"}
:::tab{label="npm"}
\`\`\`bash
npm run build
\`\`\`
:::
:::tab{label="pnpm"}
\`\`\`bash
pnpm build
\`\`\`
:::
::::

Tabs with the same \`group\` switch together and remember the reader's choice.

## Code

\`\`\`ts title="hello.ts" {2}
export function hello(name: string): string {
  return \`Hello, \${name}!\`
}
\`\`\`

## Links

Link to pages by their path, like [the introduction](/docs/), or by file, like
[the introduction](./index.md#where-things-are). A link to a page or heading that does not exist
is reported by the build.
`,
  }
}

/** A TypeScript string literal. */
function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

/** A YAML scalar: plain when safe, else double-quoted. */
function yaml(text: string): string {
  return /^[A-Za-z0-9][\w .,()/-]*$/.test(text) && !/:\s|\s#/.test(text)
    ? text
    : JSON.stringify(text)
}
