import type { FrontMatter } from './front-matter.js'

// What decides which Markdown files a site has, apart from how they are made
// (`markdown-twin.ts`, `markdown-output.ts`): the site's file map reads these on the server
// thread, which does not load the Markdown stack.

/** Index of the site for language models (the llms.txt proposal's format), at the base URL. */
export const LLMS_TXT = 'llms.txt'
/** Every page's twin in one file, in sidebar order, at the base URL. */
export const LLMS_FULL_TXT = 'llms-full.txt'

/**
 * Whether a page gets a twin when the site makes them: not with `search: false` (kept out of
 * what machines are given, as out of search) nor as a draft.
 */
export function wantsTwin(frontMatter: FrontMatter): boolean {
  return frontMatter.search !== false && frontMatter.draft !== true
}
