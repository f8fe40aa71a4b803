/**
 * Turns what the reader typed into the terms to search (`score.ts` scores them).
 *
 * MiniSearch's own `prefix: true` scores every index term that starts with the typed word: on
 * a large site "to" means thousands of terms and a slow query. Here a prefix expands to at most
 * `maxPrefixTerms` terms, the most frequent ones, and typo tolerance applies only to words that
 * match nothing as typed. Browser-safe: no Node imports.
 */
import { processTerm, tokenize, type SerializedSearchOptions } from './format.js'
import type { PlannedTerm } from './score.js'

/** The terms of an index, sorted, with how many postings each has (its weight). */
export interface Vocabulary {
  has(term: string): boolean
  /** How many postings a term has (0 when absent): how common it is. */
  weight(term: string): number
  /** Up to `max` terms longer than `prefix` that start with it, most postings first. */
  expand(prefix: string, max: number): string[]
}

/** Builds the {@link Vocabulary} of index terms, each with its number of postings. */
export function createVocabulary(
  entries: ReadonlyArray<[term: string, weight: number]>,
): Vocabulary {
  const order = entries.map((_, k) => k)
  // The build writes terms sorted; files from elsewhere get sorted here.
  if (!entries.every((entry, k) => k === 0 || entries[k - 1]![0] < entry[0])) {
    order.sort((a, b) => (entries[a]![0] < entries[b]![0] ? -1 : 1))
  }
  const terms = order.map((k) => entries[k]![0])
  const set = new Set(terms)
  const weights = Float64Array.from(order, (k) => entries[k]![1])
  const lowerBound = (prefix: string) => {
    let low = 0
    let high = terms.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (terms[middle]! < prefix) low = middle + 1
      else high = middle
    }
    return low
  }
  return {
    has: (term) => set.has(term),
    weight(term) {
      const k = lowerBound(term)
      return terms[k] === term ? weights[k]! : 0
    },
    expand(prefix, max) {
      // The `max` heaviest terms of the range, kept sorted by insertion (ranges can be long).
      const best: number[] = []
      for (let k = lowerBound(prefix); k < terms.length && terms[k]!.startsWith(prefix); k++) {
        if (terms[k] === prefix) continue
        if (best.length === max && weights[best[max - 1]!]! >= weights[k]!) continue
        let at = best.length
        while (at > 0 && weights[best[at - 1]!]! < weights[k]!) at--
        best.splice(at, 0, k)
        if (best.length > max) best.pop()
      }
      return best.map((k) => terms[k]!)
    },
  }
}

/** The terms to search, and which typed term each searched term stands for. */
export interface QueryPlan {
  /** Per typed term, the terms searched for it (`score.ts`). */
  groups: PlannedTerm[][]
  /** Searched term -> index of the typed term it comes from (itself, a prefix or a typo fix). */
  origin: Map<string, number>
  /** Number of typed terms. */
  size: number
}

/** A term of the query as typed: whether it also matches as a prefix, and its weight. */
export interface TypedTerm {
  term: string
  prefix: boolean
  weight: number
}

/** The terms of what the reader typed, each with whether it is a prefix and its weight. */
export function typedTerms(text: string, options: SerializedSearchOptions): TypedTerm[] {
  const tokens = tokenize(text)
  // The word still being typed: the last one, unless the text ends with a space.
  const typing = /[\p{L}\p{N}]$/u.test(text) ? tokens.length - 1 : -1
  const typed: TypedTerm[] = []
  tokens.forEach((token, k) => {
    const processed = processTerm(token) ?? []
    const terms = typeof processed === 'string' ? [processed] : processed
    const lower = token.toLowerCase()
    for (const term of terms) {
      if (typed.some((t) => t.term === term)) continue
      // Of a compound being typed, the whole and its last piece may be incomplete
      // (`createEl`: `createel`, `el`), not the pieces before (`create`).
      const prefix =
        term.length >= options.minPrefixLength &&
        (options.prefix === 'all' || k === typing) &&
        lower.endsWith(term)
      // A piece of a compound the reader typed whole (`api` of `VB-API-KEY`) is weaker
      // evidence than the compound itself.
      const piece = terms.some((other) => other.length > term.length && other.includes(term))
      typed.push({ term, prefix, weight: piece ? options.partWeight : 1 })
    }
  })
  return typed
}

/** The forms of a term a query also searches: its singulars, then its plurals. */
export function variants(term: string): string[] {
  return [...singulars(term), ...plurals(term)]
}

/** Possible plurals of an English word (the vocabulary keeps the real ones). */
export function plurals(term: string): string[] {
  return [term + 's', term + 'es']
}

/** Plans the query for `text`, or returns null when it has no searchable word. */
export function planQuery(
  text: string,
  options: SerializedSearchOptions,
  vocabulary: Vocabulary,
): QueryPlan | null {
  const typed = typedTerms(text, options)
  if (typed.length === 0) return null

  const origin = new Map<string, number>()
  const groups: PlannedTerm[][] = []
  typed.forEach(({ term, prefix, weight }, k) => {
    const expansions = prefix ? vocabulary.expand(term, options.maxPrefixTerms) : []
    const boosts = new Map<string, number>([[term, weight]])
    // A word also finds its singular or plural ("tokens" <-> "token").
    for (const variant of variants(term)) {
      if (!boosts.has(variant) && vocabulary.has(variant)) {
        boosts.set(variant, weight * options.weights.prefix)
      }
    }
    for (const expansion of expansions) {
      // MiniSearch's own weight of a prefix match: closer to the typed length weighs more.
      const distance = expansion.length - term.length
      boosts.set(
        expansion,
        (weight * options.weights.prefix * expansion.length) / (expansion.length + 0.3 * distance),
      )
    }
    for (const searched of boosts.keys()) if (!origin.has(searched)) origin.set(searched, k)
    const unknown = !vocabulary.has(term) && expansions.length === 0
    const fuzzy = unknown && term.length >= options.minFuzzyLength ? options.fuzzy : false
    groups.push(
      [...boosts].map(([searched, boost]) => ({
        term: searched,
        boost,
        fuzzy: searched === term ? fuzzy : false,
      })),
    )
  })
  return {
    groups,
    origin,
    size: typed.length,
  }
}

/**
 * Possible singulars of an English plural (the vocabulary keeps the real ones): `tokens` ->
 * `token`; `batches` -> `batche`, `batch`; `policies` -> `policy`.
 */
export function singulars(term: string): string[] {
  if (term.length < 4 || !term.endsWith('s') || term.endsWith('ss')) return []
  if (term.endsWith('ies')) return [term.slice(0, -3) + 'y']
  return term.endsWith('es') ? [term.slice(0, -1), term.slice(0, -2)] : [term.slice(0, -1)]
}
