/** A line that opens or closes a code fence (in a blockquote too): its run of backticks or tildes. */
const CODE_FENCE = /^[ \t>]*(`{3,}|~{3,})/

/**
 * Follows the code fences of a text read line by line, for the rewrites that work on lines
 * (container openings, MkDocs blocks): what is inside a fence is code, never rewritten. A fence
 * closes at a line of the same character, at least as long, with nothing after it (CommonMark).
 */
export class CodeFences {
  private open: { char: string; size: number } | null = null

  /** Whether `line` (the next line of the text) belongs to a fence: opening, content or closing. */
  inCode(line: string): boolean {
    const code = CODE_FENCE.exec(line)
    if (this.open) {
      const run = code?.[1]
      if (run && run[0] === this.open.char && run.length >= this.open.size) {
        if (line.trimEnd().endsWith(run)) this.open = null
      }
      return true
    }
    if (!code) return false
    this.open = { char: code[1]![0]!, size: code[1]!.length }
    return true
  }
}
