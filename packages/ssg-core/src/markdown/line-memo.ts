import type { Highlighter } from 'shiki'

/** The part of a TextMate grammar state (vscode-textmate's `StateStackImpl`) the memo reads. */
interface StateStack {
  parent: StateStack | null
  ruleId: number
  endRule: string | null
  beginRuleCapturedEOL: boolean
  nameScopesList: { toString(): string } | null
  contentNameScopesList: { toString(): string } | null
}

interface LineTokens {
  tokens: Uint32Array
  ruleStack: StateStack
  stoppedEarly: boolean
}

interface Grammar {
  tokenizeLine2(line: string, state: StateStack | null, timeLimit?: number): LineTokens
}

interface Internal {
  getLanguage(name: string): Grammar
  setTheme(name: string): unknown
}

/** Most lines kept per process; past it the memo starts again (a 10,000-page site: ~100,000). */
const MAX_LINES = 400_000

/**
 * Remembers the tokens of each code line by grammar, theme, grammar state before the line and
 * text, so that a line seen before is not tokenized again: docs repeat lines (imports, client
 * set-up, closing braces; 5,284 distinct of 13,878 on the Veilbox docs), and shiki 3 tokenizes
 * every block twice (once for its tokens, once more for its last grammar state). TextMate
 * tokenizing was a third of a cold build.
 *
 * States are interned by their structure (rules, end patterns, scopes), so that two blocks that
 * differ in one line (`client42` for `client41`) meet again on the next one. A line whose
 * tokenizing stopped early (time limit) is not remembered.
 */
export function memoizeLineTokens(shiki: Highlighter): void {
  const internal = shiki.getInternalContext() as unknown as Internal
  const getLanguage = internal.getLanguage.bind(internal)
  const setTheme = internal.setTheme.bind(internal)
  const wrapped = new WeakSet<Grammar>()
  /** Grammars wrapped so far: each grammar object's memo is its own (see `wrap`). */
  let grammars = 0
  const keys = new WeakMap<StateStack, string>()
  let theme = ''
  let lines = 0
  /** Theme + grammar state structure -> the first state seen with it. */
  let interned = new Map<string, StateStack>()
  /** Interned state -> the prefix it was interned with (most states asked for are). */
  let internedAs = new WeakMap<StateStack, string>()
  /** Bumped when the memo starts again. */
  let generation = 0
  /** Interned state -> line text -> tokens (one map per grammar and theme). */
  let memos = new Map<string, WeakMap<StateStack, Map<string, LineTokens>>>()

  const keyOf = (state: StateStack | null): string => {
    if (!state) return ''
    let key = keys.get(state)
    if (key === undefined) {
      key =
        keyOf(state.parent) +
        `\u0001${state.ruleId}\u0002${state.endRule ?? ''}\u0002${state.beginRuleCapturedEOL ? 1 : 0}` +
        `\u0002${String(state.nameScopesList)}\u0002${String(state.contentNameScopesList)}`
      keys.set(state, key)
    }
    return key
  }
  const intern = (prefix: string, state: StateStack): StateStack => {
    // A line's state is most often the state the memo returned after the line before.
    if (internedAs.get(state) === prefix) return state
    const key = prefix + keyOf(state)
    const known = interned.get(key)
    if (known) return known
    interned.set(key, state)
    internedAs.set(state, prefix)
    return state
  }

  const wrap = (grammar: Grammar, name: string): Grammar => {
    if (wrapped.has(grammar)) return grammar
    wrapped.add(grammar)
    // By object, not by name: shiki makes a language's grammar again when a language it embeds
    // is loaded later (`html` after `vue`), and the new grammar numbers its rules its own way,
    // so a state or tokens of the old one mean other rules in it (the Vue docs' `vue` blocks came
    // out unhighlighted after a page with `html` and `jsx` blocks).
    const id = `${name}#${++grammars}`
    const tokenizeLine2 = grammar.tokenizeLine2.bind(grammar)
    // This grammar's prefix and memo for the theme and generation they were made for.
    let prefix = ''
    let memo: WeakMap<StateStack, Map<string, LineTokens>> | undefined
    let madeFor = { theme: '', generation: -1 }
    grammar.tokenizeLine2 = (line, state, timeLimit) => {
      if (lines >= MAX_LINES) {
        lines = 0
        interned = new Map()
        internedAs = new WeakMap()
        memos = new Map()
        generation++
      }
      if (!memo || madeFor.theme !== theme || madeFor.generation !== generation) {
        madeFor = { theme, generation }
        prefix = `${id}\u0000${theme}\u0000`
        memo = memos.get(prefix)
        if (!memo) memos.set(prefix, (memo = new WeakMap()))
      }
      const from = state ? intern(prefix, state) : null
      const byLine = from ? memo.get(from) : undefined
      const known = byLine?.get(line)
      if (known) return known
      const result = tokenizeLine2(line, from ?? state, timeLimit)
      if (result.stoppedEarly || !from) return result
      const remembered = { ...result, ruleStack: intern(prefix, result.ruleStack) }
      if (byLine) byLine.set(line, remembered)
      else memo.set(from, new Map([[line, remembered]]))
      lines++
      return remembered
    }
    return grammar
  }

  internal.getLanguage = (name) => wrap(getLanguage(name), name)
  internal.setTheme = (name) => {
    theme = name
    return setTheme(name)
  }
}
