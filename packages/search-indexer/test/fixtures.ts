import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FoldedTerms, SearchPage } from '../src/index.js'

/** A few pages shaped like the Veilbox docs. */
export const pages: SearchPage[] = [
  {
    path: '/docs/api/tokens/tokenize',
    title: 'Tokenize',
    breadcrumbs: ['API', 'Tokens'],
    sections: [
      {
        anchor: null,
        heading: 'Tokenize',
        text: 'Create tokens from sensitive values in one call.',
        code: '',
      },
      {
        anchor: 'request',
        heading: 'Request',
        text: 'Send the data and the token type. Authenticate with your API key in the VB-API-KEY header.',
        code: 'POST /tokenize VB-API-KEY token_type',
      },
      {
        anchor: 'errors',
        heading: 'Errors',
        text: 'A 429 status means you hit the rate limit.',
        code: '',
      },
    ],
  },
  {
    path: '/docs/sdks/web/javascript/methods',
    title: 'Methods',
    breadcrumbs: ['SDKs', 'Web', 'JavaScript'],
    sections: [
      {
        anchor: null,
        heading: 'Methods',
        text: 'The methods of the Veilbox elements library.',
        code: '',
      },
      {
        anchor: 'createelement',
        heading: 'createElement',
        text: 'Creates a card, text or date element that collects data in an isolated iframe.',
        code: 'veilbox.createElement',
      },
    ],
  },
  {
    path: '/docs/concepts/what-are-containers',
    title: 'What are containers?',
    breadcrumbs: ['Concepts'],
    description: 'Containers scope who can read which tokens.',
    keywords: ['namespace', 'tenancy'],
    sections: [
      {
        anchor: null,
        heading: 'What are containers?',
        text: 'Containers are namespaces that scope access to tokens. Each token belongs to one container, and access controls decide which applications can read it.',
        code: '',
      },
    ],
  },
]

/**
 * A fetch that reads the files of `dir` (served under `base`), recording each URL; unknown
 * files answer 404.
 */
export function fileFetch(dir: string, requested: string[] = [], base = '/') {
  return async (url: string) => {
    requested.push(url)
    try {
      const name = url.startsWith(base) ? url.slice(base.length) : url
      const text = await readFile(join(dir, name), 'utf8')
      return { ok: true, status: 200, statusText: 'OK', text: async () => text }
    } catch {
      return { ok: false, status: 404, statusText: 'Not Found', text: async () => '' }
    }
  }
}

/** Folded terms with each entry a plain object (a decoded entry reads its lines when asked). */
export function plainTerms(folded: FoldedTerms): FoldedTerms {
  const terms = folded.terms.map(({ term, postings, weight, reserve }) =>
    reserve ? { term, postings, weight, reserve } : { term, postings, weight },
  )
  return { ...folded, terms }
}
