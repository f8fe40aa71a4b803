import type { PatternScanner, RegexEngine } from 'shiki'

/** Patterns no scanner uses any more, kept compiled for the next scanner that asks for them. */
const IDLE_KEPT = 2048

type Search = Parameters<PatternScanner['findNextMatchSync']>
type Match = ReturnType<PatternScanner['findNextMatchSync']>

interface Pattern {
  /** The engine's scanner of this one pattern. */
  scanner: PatternScanner
  /** `\G` matches at the search's start only: its results cannot be reused from another start. */
  anchored: boolean
  users: number
  /** The last search: in which string (its id), from where, with which options, and its result. */
  string: unknown
  from: number
  options: number
  found: Match
}

/**
 * A regex engine that compiles each distinct pattern once per process and searches a rule's list
 * of patterns itself. TextMate gives every rule (and each \A/\G variant of it) a scanner of its
 * own, made from its patterns; grammars include the same patterns in many rules (TypeScript's
 * expression patterns are in dozens), and compiling the regular expressions is most of what a
 * grammar costs on first use: the docs site's 353 distinct lists hold 12,381 patterns, 1,202
 * distinct (oniguruma compiles the lists in 1.4 s, the distinct patterns in 0.11 s).
 *
 * The search is oniguruma's own (vscode-oniguruma's `findNextOnigScannerMatch`): the leftmost
 * match of any pattern, the first pattern in the list on a tie, stopping at a match at the start;
 * each pattern's last search is remembered, and reused for a later start in the same string while
 * its match is not behind that start (or it found none), except for patterns with `\G`.
 *
 * A rule disposes its scanner when it no longer needs it (an end pattern with a back-reference
 * makes a new list at each match): a pattern is freed once no scanner uses it, past the last
 * `IDLE_KEPT` unused ones (kept for the same pattern asked again).
 */
export function withSharedScanners(engine: RegexEngine): RegexEngine {
  const patterns = new Map<string, Pattern>()
  /** Unused patterns, oldest first. */
  const idle = new Set<string>()

  /**
   * Shiki's oniguruma (vscode-oniguruma 1.7.0) does not report a pattern that does not compile:
   * the scanner of that pattern alone then matches the empty string everywhere, and a list that
   * holds it never matches. Such a pattern fails here, as in later vscode-oniguruma (none of the
   * bundled grammars has one; the end patterns with back-references are compiled filled in).
   */
  const compile = (source: string): PatternScanner => {
    const scanner = engine.createScanner([source])
    if (matchesEmpty(scanner) && !matchesEmpty(engine.createScanner([source, '(?!)']), true)) {
      scanner.dispose?.()
      throw new Error(`Oniguruma cannot compile the pattern ${JSON.stringify(source)}`)
    }
    return scanner
  }
  const matchesEmpty = (scanner: PatternScanner, dispose = false) => {
    const empty = engine.createString('')
    const found = scanner.findNextMatchSync(empty, 0, 0) !== null
    empty.dispose?.()
    if (dispose) scanner.dispose?.()
    return found
  }

  const acquire = (source: string): Pattern => {
    let pattern = patterns.get(source)
    if (!pattern) {
      pattern = {
        scanner: compile(source),
        anchored: source.includes('\\G'),
        users: 0,
        string: undefined,
        from: 0,
        options: 0,
        found: null,
      }
      patterns.set(source, pattern)
    }
    pattern.users++
    idle.delete(source)
    return pattern
  }
  const release = (source: string) => {
    const pattern = patterns.get(source)!
    if (--pattern.users > 0) return
    idle.add(source)
    if (idle.size <= IDLE_KEPT) return
    const [oldest] = idle
    idle.delete(oldest!)
    patterns.get(oldest!)!.scanner.dispose?.()
    patterns.delete(oldest!)
  }

  return {
    createString: (text) => engine.createString(text),
    createScanner(list) {
      const sources = list.map((p) => (typeof p === 'string' ? p : p.source))
      const held: Pattern[] = []
      try {
        for (const source of sources) held.push(acquire(source))
      } catch (error) {
        // A pattern that does not compile fails the list, as the engine's own scanner would.
        for (const source of sources.slice(0, held.length)) release(source)
        throw error
      }
      let disposed = false
      return {
        findNextMatchSync: (string, start, options) => findNext(held, string, start, options),
        dispose() {
          if (disposed) return
          disposed = true
          for (const source of sources) release(source)
        },
      }
    },
  }
}

function findNext(list: Pattern[], string: Search[0], start: number, options: Search[2]): Match {
  const id = typeof string === 'string' ? undefined : (string as { id?: unknown }).id
  const flags = options ?? 0
  let best: Match = null
  let bestIndex = 0
  let bestAt = 0
  for (let i = 0; i < list.length; i++) {
    const found = search(list[i]!, string, id, start, flags)
    if (!found) continue
    const at = found.captureIndices[0]!.start
    if (best === null || at < bestAt) {
      best = found
      bestIndex = i
      bestAt = at
    }
    if (at === start) break
  }
  return best && { index: bestIndex, captureIndices: best.captureIndices }
}

/** `pattern`'s first match at or after `start`, its last search's when that one still holds. */
function search(pattern: Pattern, string: Search[0], id: unknown, start: number, options: number) {
  if (
    id !== undefined &&
    !pattern.anchored &&
    pattern.string === id &&
    pattern.options === options &&
    pattern.from <= start &&
    (pattern.found === null || pattern.found.captureIndices[0]!.start >= start)
  )
    return pattern.found
  const found = pattern.scanner.findNextMatchSync(string, start, options)
  pattern.string = id
  pattern.from = start
  pattern.options = options
  pattern.found = found
  return found
}
