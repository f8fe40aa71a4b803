import type { PatternScanner, RegexEngine } from 'shiki'

/** Scanners no rule uses any more, kept for the next rule that asks for the same patterns. */
const IDLE_KEPT = 256

interface Entry {
  scanner: PatternScanner
  users: number
}

/**
 * A regex engine that compiles each distinct list of patterns once per process: TextMate gives
 * every rule (and each \A/\G variant of it) a scanner of its own, compiled from its patterns;
 * rules with the same patterns are common within a grammar and between grammars made from one
 * another (JavaScript, TypeScript, TSX), and compiling the regular expressions is most of what a
 * grammar costs on first use (533 scanners, 353 distinct, for the 14 languages of the Veilbox
 * docs). A scanner's results depend only on its patterns and the search (string, position,
 * options), so one scanner serves every rule with those patterns.
 *
 * A rule disposes its scanner when it no longer needs it (an end pattern with a back-reference
 * makes a new list at each match): the compiled scanner is freed once no rule uses it, past the
 * last `IDLE_KEPT` unused ones (kept for the same list asked again).
 */
export function withSharedScanners(engine: RegexEngine): RegexEngine {
  const entries = new Map<string, Entry>()
  /** Keys of entries without users, oldest first. */
  const idle = new Set<string>()

  const release = (key: string, entry: Entry) => {
    if (--entry.users > 0) return
    idle.add(key)
    if (idle.size <= IDLE_KEPT) return
    const [oldest] = idle
    idle.delete(oldest!)
    entries.get(oldest!)!.scanner.dispose?.()
    entries.delete(oldest!)
  }

  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const key = JSON.stringify(patterns.map((p) => (typeof p === 'string' ? p : p.source)))
      let entry = entries.get(key)
      if (!entry) {
        entry = { scanner: engine.createScanner(patterns), users: 0 }
        entries.set(key, entry)
      }
      entry.users++
      idle.delete(key)
      const shared = entry
      let disposed = false
      return {
        findNextMatchSync: (string, start, options) =>
          shared.scanner.findNextMatchSync(string, start, options),
        dispose() {
          if (disposed) return
          disposed = true
          release(key, shared)
        },
      }
    },
  }
}
