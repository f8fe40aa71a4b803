import { EncodedTokenMetadata, Theme, type IRawTheme } from 'shiki/textmate'

/** A token of vscode-textmate's `tokenizeLine`: its range in the line and its scope names. */
export interface ScopeToken {
  startIndex: number
  endIndex: number
  scopes: string[]
}

/** The parts of vscode-textmate's `Grammar` that give a scope its token attributes. */
export interface ScopeGrammar {
  getMetadataForScope(scope: string): { languageId: number; tokenType: number }
  _basicScopeAttributesProvider: {
    getDefaultAttributes(): { languageId: number; tokenType: number }
  }
  _tokenTypeMatchers: Array<{ matcher(scopes: string[]): boolean; type: number }>
  balancedBracketSelectors: {
    matchesAlways: boolean
    matchesNever: boolean
    match(scopes: string[]): boolean
  } | null
}

/** True when `grammar` has what `binaryTokens` reads (a vscode-textmate 10 grammar). */
export function isScopeGrammar(grammar: object): grammar is ScopeGrammar {
  const g = grammar as Partial<ScopeGrammar> & { tokenizeLine?: unknown }
  return (
    typeof g.tokenizeLine === 'function' &&
    typeof g.getMetadataForScope === 'function' &&
    typeof g._basicScopeAttributesProvider?.getDefaultAttributes === 'function' &&
    Array.isArray(g._tokenTypeMatchers) &&
    g.balancedBracketSelectors !== undefined
  )
}

/**
 * A theme as the TextMate registry makes it (`Theme.createFromRawTheme`, as shiki's registry
 * does), or `undefined` when its colour numbers differ from `colorMap` (those shiki reads the
 * tokens' colours with): then tokens of this theme are not derived here.
 */
export function textmateTheme(raw: IRawTheme, colorMap: string[]): Theme | undefined {
  const theme = Theme.createFromRawTheme(raw)
  const own = theme.getColorMap()
  return own.length === colorMap.length && own.every((c, i) => c === colorMap[i])
    ? theme
    : undefined
}

interface ScopePath {
  parent: ScopePath | null
  scopeName: string
}

/** Grammar -> theme -> scope names (joined) -> token metadata. */
const cache = new WeakMap<ScopeGrammar, WeakMap<Theme, Map<string, number>>>()

/**
 * The encoded metadata vscode-textmate gives a token with these scopes under `theme`: its
 * attributed scope stack folds `mergeAttributes` over the scopes from the theme's defaults
 * (`createRootAndLookUpScopeName`, then `_pushAttributed` for each scope), and `LineTokens`
 * adds token type overrides and the balanced-bracket bit.
 */
function metadataOf(grammar: ScopeGrammar, theme: Theme, scopes: string[]): number {
  const base = grammar._basicScopeAttributesProvider.getDefaultAttributes()
  const defaults = theme.getDefaults()
  // A token without scopes (no scope stack) has metadata 0 before the overrides.
  let metadata =
    scopes.length === 0
      ? 0
      : EncodedTokenMetadata.set(
          0,
          base.languageId,
          base.tokenType,
          null,
          defaults.fontStyle,
          defaults.foregroundId,
          defaults.backgroundId,
        )
  let path: ScopePath | null = null
  for (const scope of scopes) {
    path = { parent: path, scopeName: scope }
    const basic = grammar.getMetadataForScope(scope)
    const style = theme.match(path as Parameters<Theme['match']>[0])
    metadata = EncodedTokenMetadata.set(
      metadata,
      basic.languageId,
      basic.tokenType,
      null,
      style ? style.fontStyle : -1,
      style ? style.foregroundId : 0,
      style ? style.backgroundId : 0,
    )
  }
  for (const override of grammar._tokenTypeMatchers)
    if (override.matcher(scopes))
      metadata = EncodedTokenMetadata.set(metadata, 0, override.type, null, -1, 0, 0)
  const brackets = grammar.balancedBracketSelectors
  const balanced = brackets
    ? brackets.matchesAlways || (!brackets.matchesNever && brackets.match(scopes))
    : false
  if (balanced) metadata = EncodedTokenMetadata.set(metadata, 0, 8, true, -1, 0, 0)
  return metadata
}

/**
 * The tokens `tokenizeLine2` gives under `theme`, from the scope tokens `tokenizeLine` gave for
 * the same line and state: one tokenization of a line serves every theme. `LineTokens` produces
 * the same tokens in both modes and, for binary ones, joins a token to the one before when their
 * metadata are equal; the token of the line's final `\n` alone is dropped in both (an empty line
 * keeps one token at 0). So the binary tokens are the scope tokens joined by equal metadata.
 */
export function binaryTokens(
  grammar: ScopeGrammar,
  tokens: ScopeToken[],
  theme: Theme,
): Uint32Array {
  let byTheme = cache.get(grammar)
  if (!byTheme) cache.set(grammar, (byTheme = new WeakMap()))
  let known = byTheme.get(theme)
  if (!known) byTheme.set(theme, (known = new Map()))
  const out: number[] = []
  for (const token of tokens) {
    const key = token.scopes.join(' ')
    let metadata = known.get(key)
    if (metadata === undefined) {
      metadata = metadataOf(grammar, theme, token.scopes)
      known.set(key, metadata)
    }
    if (out.length > 0 && out[out.length - 1] === metadata) continue
    out.push(token.startIndex, metadata)
  }
  return Uint32Array.from(out)
}
