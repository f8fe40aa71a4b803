import { expect, test } from 'vitest'
import { decodeFoldedTerms, encodeFoldedTerms, type FoldedTerms } from '../src/index.js'
import { withFoldedTermsChange } from '../src/folded-terms-codec.js'
import { termRange, splitTerms, type EncodedTerm } from '../src/split.js'
import { plainTerms } from './fixtures.js'

const folded = (terms: EncodedTerm[]): FoldedTerms => ({
  keys: [],
  sectionCounts: [],
  fieldCount: 1,
  maxPostings: null,
  averages: [],
  lengthSums: [],
  terms,
})

const entries = (words: string[], tag: string): EncodedTerm[] =>
  words.map((term, k) => {
    const entry: EncodedTerm = { term, postings: `${tag}${k} ${term}`, weight: k + 1 }
    if (k % 3 === 0) entry.reserve = `${k}|${tag}`
    return entry
  })

test('decoded entries read their postings and reserves from the bytes as encoded', () => {
  const terms = entries(['ä', 'b', 'c', 'd', 'e'], 'p')
  const decoded = decodeFoldedTerms(encodeFoldedTerms(folded(terms)))!
  expect(plainTerms(decoded)).toEqual(folded(terms))
  expect(decoded.terms.map((t) => t.postingsLength ?? t.postings.length)).toEqual(
    terms.map((t) => t.postings.length),
  )
  // Lines that are not ASCII are decoded as UTF-8 at once.
  const wide = entries(['a', 'b'], 'é')
  expect(plainTerms(decodeFoldedTerms(encodeFoldedTerms(folded(wide)))!)).toEqual(folded(wide))
})

test('a range of entries of two files, merged, joins the postings of each', () => {
  const whole = entries(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 'w')
  const change = entries(['c', 'e', 'ee'], 'c')
  const merged = withFoldedTermsChange(
    decodeFoldedTerms(encodeFoldedTerms(folded(whole)))!,
    decodeFoldedTerms(encodeFoldedTerms(folded(change)))!,
  ).terms
  const plain = plainTerms(folded(merged)).terms
  expect(plain.map((t) => t.term)).toEqual(['a', 'b', 'c', 'd', 'e', 'ee', 'f', 'g'])
  for (let from = 0; from < merged.length; from++)
    for (let to = from; to <= merged.length; to++)
      expect(termRange(merged.slice(from, to))).toEqual(termRange(plain.slice(from, to)))
  expect(splitTerms(merged, 20)).toEqual({
    ...splitTerms(plain, 20),
    parts: expect.any(Array),
  })
})
