// A synthetic documentation corpus, deterministic (seeded), calibrated on the Veilbox docs
// (sites/docs/content: about 84 words per section, function words about 30% of running text,
// the most frequent content word, "token", 1.2% of all words). Content words follow the
// Zipf-Mandelbrot law 1/(rank + 7) over 30,000 generated words (the top one is then about 1%
// of running text); 30% of words are English function words, which the tokenizer drops as it
// does in real pages. The code field holds camelCase identifiers.

/** Mulberry32: a small seeded PRNG. */
export function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// English function words by frequency (they take the top Zipf ranks).
const FUNCTION_WORDS = (
  'the of and to a in is that for it as with was on be by this are or at from an which but not ' +
  'have has can if you your we will their they its into when more than so these may do such ' +
  'there then them what where who how our must were while'
).split(' ')
const SYLLABLES =
  'ka to ri ne mo sa lu vi de po an el or un ix ta be co fi ga he ju ly me nu'.split(' ')

/** `pages` pages of `sectionsPerPage` sections each. */
export function makeCorpus({
  pages = 10_000,
  sectionsPerPage = 5,
  vocabulary = 30_000,
  seed = 42,
} = {}) {
  const rand = random(seed)
  const pick = (list) => list[Math.floor(rand() * list.length)]
  const words = new Set()
  while (words.size < vocabulary) {
    const n = 2 + Math.floor(rand() * 3)
    let word = ''
    for (let i = 0; i < n; i++) word += pick(SYLLABLES)
    words.add(word)
  }
  const vocab = [...words]
  // Zipf-Mandelbrot: cumulative weights, sampled by binary search.
  const cumulative = []
  let total = 0
  for (let r = 1; r <= vocab.length; r++) cumulative.push((total += 1 / (r + 7)))
  const contentWord = () => {
    const x = rand() * total
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid] < x) lo = mid + 1
      else hi = mid
    }
    return vocab[lo]
  }
  const word = () =>
    rand() < 0.3
      ? FUNCTION_WORDS[Math.floor(rand() * rand() * FUNCTION_WORDS.length)]
      : contentWord()
  const phrase = (min, max) => {
    const n = min + Math.floor(rand() * (max - min + 1))
    return Array.from({ length: n }, word).join(' ')
  }
  const cap = (s) => s[0].toUpperCase() + s.slice(1)
  const groups = Array.from({ length: 20 }, () => cap(contentWord()))
  const result = []
  for (let p = 0; p < pages; p++) {
    const group = groups[p % groups.length]
    const title = cap(phrase(1, 4))
    const sections = []
    for (let s = 0; s < sectionsPerPage; s++) {
      const heading = s === 0 ? title : cap(phrase(2, 5))
      const code = Array.from(
        { length: Math.floor(rand() * 4) },
        () => contentWord() + cap(contentWord()),
      ).join(' ')
      sections.push({
        anchor: s === 0 ? null : `section-${s}`,
        heading,
        text: phrase(40, 130),
        code,
      })
    }
    result.push({
      path: `/docs/${group.toLowerCase()}/page-${p}`,
      title,
      breadcrumbs: ['Docs', group],
      sections,
    })
  }
  return { pages: result, rand, isFunctionWord: (w) => FUNCTION_WORDS.includes(w) }
}

/** 200 queries a reader might type: words, pairs, prefixes, typos, identifiers. */
export function makeQueries(corpus, count = 200) {
  const { pages, rand } = corpus
  const queries = []
  for (let i = 0; queries.length < count; i++) {
    const page = pages[Math.floor(rand() * pages.length)]
    const section = page.sections[Math.floor(rand() * page.sections.length)]
    const words = section.text.split(' ').filter((w) => !corpus.isFunctionWord(w))
    const w = words[Math.floor(rand() * words.length)]
    switch (i % 5) {
      case 0:
        queries.push(w)
        break
      case 1:
        queries.push(`${w} ${words[Math.floor(rand() * words.length)]}`)
        break
      case 2:
        queries.push(w.slice(0, 4))
        break
      case 3: {
        const at = 1 + Math.floor(rand() * (w.length - 2))
        queries.push(w.slice(0, at) + w.slice(at + 1)) // one letter dropped
        break
      }
      default:
        queries.push(section.code.split(' ')[0] || page.title)
    }
  }
  return queries
}
