/**
 * The part files of a split index as a build returns them (`SearchPart`). A part's JSON is made
 * from its body (its content with `formatVersion`, without `builtAt`), serialised once; a part
 * kept from an earlier build for what it is made of (a doc part for its page, an index or prefix
 * part for its terms) is serialised only if read, which an edit's build does not do.
 */
import { FORMAT_VERSION } from './format.js'
import { parsePartName, partName, type PartKind } from './part-names.js'

/** A part file of a split index. Its JSON is made when first read (a kept part's never is). */
export interface SearchPart {
  readonly file: string
  readonly json: string
  readonly kind: PartKind
  /** The JSON without `builtAt` (what `previousPart` is asked about). */
  readonly body: string
  /**
   * Named by an earlier build (`previousPart`, `previousDocPart`, `previousTermPart`): `json` is
   * this build's, the file is that one.
   */
  readonly kept: boolean
  /** A doc part: the position of its page and the number of its first section. */
  readonly doc?: { page: number; firstSection: number }
  /**
   * An index or prefix part: what tells its terms from those of the build's other parts of its
   * kind (`previousTermPart`): an index part's number of terms and first term, a prefix part's
   * prefix.
   */
  readonly terms?: string
}

/** What a part is made of besides its content (`SearchPart.doc`, `SearchPart.terms`). */
export type PartOf = Pick<SearchPart, 'doc' | 'terms'>

/** Makes the parts of a build (see the module's comment). */
export function partMaker(options: {
  timestamp: number
  builtAt: string
  /** `BuildSearchIndexOptions.previousPart` */
  previousPart?: ((kind: PartKind, body: string) => string | undefined) | undefined
}) {
  const { timestamp, previousPart } = options
  // `{ ...stamp, ...content }` as JSON, from the body: the content is serialised once.
  const versionJson = `{"formatVersion":${FORMAT_VERSION}`
  const builtAtJson = `,"builtAt":${JSON.stringify(options.builtAt)}`
  const bodyOf = (content: object) => {
    const contentJson = JSON.stringify(content)
    return contentJson === '{}' ? `${versionJson}}` : `${versionJson},${contentJson.slice(1)}`
  }
  const jsonOf = (body: string) => versionJson + builtAtJson + body.slice(versionJson.length)
  const named = (kind: PartKind, k: number, previous: string | undefined) =>
    previous !== undefined && parsePartName(kind, previous) !== null
      ? { file: previous, kept: true }
      : { file: partName(kind, timestamp, k), kept: false }
  return {
    /**
     * Part `k` of `kind`, named after an earlier build's part of the same body when
     * `previousPart` knows one, else after this build.
     */
    byBody(kind: PartKind, k: number, content: object, of: PartOf = {}): SearchPart {
      const body = bodyOf(content)
      return {
        ...named(kind, k, previousPart?.(kind, body)),
        get json() {
          return jsonOf(body)
        },
        kind,
        body,
        ...of,
      }
    },
    /**
     * Part `k` of `kind`, kept as `previous` when that names a part of this kind (one of the same
     * content), else named after this build; its content made when first read.
     */
    lazy(
      kind: PartKind,
      k: number,
      previous: string | undefined,
      content: () => object,
      of: PartOf = {},
    ): SearchPart {
      const { file, kept } = named(kind, k, previous)
      return new LazyPart(file, kind, kept, () => bodyOf(content()), jsonOf, of)
    },
  }
}

/** A part whose body is made when first read (a class: 10,000 doc parts of one shape). */
class LazyPart implements SearchPart {
  private made: string | undefined
  readonly doc?: NonNullable<SearchPart['doc']>
  readonly terms?: string

  constructor(
    readonly file: string,
    readonly kind: PartKind,
    readonly kept: boolean,
    private readonly makeBody: () => string,
    private readonly jsonOf: (body: string) => string,
    of: PartOf,
  ) {
    if (of.doc) this.doc = of.doc
    if (of.terms !== undefined) this.terms = of.terms
  }

  get body(): string {
    return (this.made ??= this.makeBody())
  }

  get json(): string {
    return this.jsonOf(this.body)
  }
}
