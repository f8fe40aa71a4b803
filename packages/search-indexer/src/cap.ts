/**
 * The cap of a large site's postings (`maxPostings` a term and field, the strongest kept), and
 * what a build keeps aside of the postings ranked just below it (`Reserve`): an edit that moves
 * or takes away a page's posting among the strongest then finds the next strongest there,
 * without collecting the term's postings from every page of the site again.
 */
import {
  LEVELS,
  decodeLevelPostings,
  encodeLevelPostings,
  type LevelPostings,
} from './index-codec.js'

/** How many postings a folded-terms cache keeps below the cap of each capped term and field. */
export const RESERVE = 32

/**
 * Of a capped term, the postings ranked next below those kept (a term and field with no more
 * postings than the cap has none): with them, the strongest postings of the term are known
 * down to the weakest of the reserve.
 */
export interface Reserve {
  /** Of each field, the postings ranked next below those kept, documents in order. */
  byField: Array<LevelPostings | undefined>
  /** Bit f set: field f has postings ranked below its reserve too (not known here). */
  more: number
}

/**
 * The postings with the `max` highest levels (the earlier document first among equals): those
 * above the level where the `max`-th falls, then the first ones at that level. Levels are
 * `LEVELS` small numbers, so they are counted, not sorted (a frequent term of a 10,000-page site
 * has tens of thousands of postings, and every build caps every such term).
 */
export function capLevels(postings: LevelPostings, max: number): LevelPostings {
  const { ids, levels } = postings
  if (ids.length <= max) return postings
  const count = new Array<number>(LEVELS).fill(0)
  for (const level of levels) count[level]!++
  // The level of the `max`-th strongest, and how many are kept at it.
  let threshold = LEVELS - 1
  let above = 0
  while (above + count[threshold]! < max) above += count[threshold--]!
  let atThreshold = max - above
  const kept: LevelPostings = { ids: [], levels: [] }
  for (let k = 0; k < ids.length; k++) {
    const level = levels[k]!
    if (level < threshold || (level === threshold && atThreshold-- <= 0)) continue
    kept.ids.push(ids[k]!)
    kept.levels.push(level)
  }
  return kept
}

/**
 * Each field of `byField` capped at `max`, and the `reserve` postings ranked next below the cap
 * (none when `reserve` is 0, or nothing is capped).
 */
export function capReserving(
  byField: ReadonlyArray<LevelPostings | undefined>,
  max: number,
  reserve: number,
): [Array<LevelPostings | undefined>, Reserve | undefined] {
  const capped = byField.map((list) => list && capLevels(list, max))
  if (reserve <= 0 || !Number.isFinite(max)) return [capped, undefined]
  const out: Reserve = { byField: [], more: 0 }
  let any = false
  byField.forEach((list, f) => {
    if (!list || list.ids.length <= max) return
    out.byField[f] = minus(capLevels(list, max + reserve), capped[f]!)
    if (list.ids.length > max + reserve) out.more |= 1 << f
    any = true
  })
  return [capped, any ? out : undefined]
}

/** `a` without the postings of `b` (a subset of it, both in document order). */
function minus(a: LevelPostings, b: LevelPostings): LevelPostings {
  const out: LevelPostings = { ids: [], levels: [] }
  let j = 0
  a.ids.forEach((id, k) => {
    if (j < b.ids.length && b.ids[j] === id) return void j++
    out.ids.push(id)
    out.levels.push(a.levels[k]!)
  })
  return out
}

/** Whether the posting (level `a`, document `aId`) ranks above (`b`, `bId`) under the cap. */
export function ranksAbove(a: number, aId: number, b: number, bId: number): boolean {
  return a > b || (a === b && aId < bId)
}

/** The position of the weakest posting of `postings` (not empty). */
export function weakest(postings: LevelPostings): number {
  let at = 0
  for (let k = 1; k < postings.ids.length; k++) {
    if (ranksAbove(postings.levels[at]!, postings.ids[at]!, postings.levels[k]!, postings.ids[k]!))
      at = k
  }
  return at
}

/** A reserve as text (a cache's, never the browser's). */
export function encodeReserve(reserve: Reserve): string {
  return `${reserve.more}|${encodeLevelPostings(reserve.byField)}`
}

export function decodeReserve(text: string): Reserve {
  const bar = text.indexOf('|')
  return { more: Number(text.slice(0, bar)), byField: decodeLevelPostings(text.slice(bar + 1)) }
}
