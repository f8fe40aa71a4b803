import type { Highlighter } from 'shiki'
import type { IRawTheme, Theme } from 'shiki/textmate'
import {
  binaryTokens,
  isScopeGrammar,
  textmateTheme,
  type ScopeGrammar,
  type ScopeToken,
} from './scope-metadata.js'

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
  tokenizeLine(
    line: string,
    state: StateStack | null,
    timeLimit?: number,
  ): { tokens: ScopeToken[]; ruleStack: StateStack; stoppedEarly: boolean }
}

interface Internal {
  getLanguage(name: string): Grammar
  setTheme(name: string): { theme: IRawTheme; colorMap: string[] }
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
 *
 * A line is tokenized once for all themes the highlighter has been set to: its scope tokens
 * (`tokenizeLine`) give each theme's tokens (`binaryTokens`), remembered for each, so a
 * light/dark block costs one tokenization, not two, and its output is shiki's own. The states
 * are then shared by the themes: a state's token attributes (its theme's colours) are never read,
 * tokens come from scope names only.
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
  /** Theme name -> its TextMate theme (`undefined`: tokens of it are not derived from scopes). */
  const themes = new Map<string, Theme | undefined>()
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
    const tokenizeLine = grammar.tokenizeLine.bind(grammar)
    const scoped = isScopeGrammar(grammar) ? (grammar as ScopeGrammar) : undefined
    const memoOf = (prefix: string) => {
      let memo = memos.get(prefix)
      if (!memo) memos.set(prefix, (memo = new WeakMap()))
      return memo
    }
    const remember = (prefix: string, from: StateStack, line: string, result: LineTokens) => {
      const memo = memoOf(prefix)
      const state = intern(prefix, from)
      const remembered = { ...result, ruleStack: intern(prefix, result.ruleStack) }
      const byLine = memo.get(state)
      if (byLine?.has(line)) return byLine.get(line)!
      if (byLine) byLine.set(line, remembered)
      else memo.set(state, new Map([[line, remembered]]))
      lines++
      return remembered
    }
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
        memo = memoOf(prefix)
      }
      const from = state ? intern(prefix, state) : null
      const known = from ? memo.get(from)?.get(line) : undefined
      if (known) return known
      const current = scoped && from ? themes.get(theme) : undefined
      if (!scoped || !from || !current) {
        const result = tokenizeLine2(line, from ?? state, timeLimit)
        if (result.stoppedEarly || !from) return result
        return remember(prefix, from, line, result)
      }
      // One tokenization, the tokens of every theme from its scopes.
      const scopes = tokenizeLine(line, from, timeLimit)
      const tokensOf = (textmate: Theme): LineTokens => ({
        tokens: binaryTokens(scoped, scopes.tokens, textmate),
        ruleStack: scopes.ruleStack,
        stoppedEarly: scopes.stoppedEarly,
      })
      if (scopes.stoppedEarly) return tokensOf(current)
      for (const [other, textmate] of themes)
        if (textmate && other !== theme)
          remember(`${id}\u0000${other}\u0000`, from, line, tokensOf(textmate))
      return remember(prefix, from, line, tokensOf(current))
    }
    return grammar
  }

  internal.getLanguage = (name) => wrap(getLanguage(name), name)
  internal.setTheme = (name) => {
    theme = name
    const set = setTheme(name)
    if (!themes.has(name)) themes.set(name, textmateTheme(set.theme, set.colorMap))
    return set
  }
}
