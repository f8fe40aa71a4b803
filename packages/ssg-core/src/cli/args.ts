import { closest } from '../util/errors.js'
import { SsgError } from '../util/errors.js'

/** A command line the CLI cannot run: printed with the command's help hint, exit code 2. */
export class UsageError extends SsgError {
  override name = 'UsageError'
  constructor(
    message: string,
    /** The command whose `--help` the user should read, if known. */
    readonly command?: string,
  ) {
    super(message)
  }
}

/** One flag of a command. */
export interface FlagSpec {
  /** Long name without dashes (`port`, `no-cache`). */
  name: string
  /** One letter (`h` for `-h`). */
  short?: string
  /** Placeholder of its value (`<n>`); absent for a boolean flag. */
  value?: string
  help: string
  /** Turns the raw value into the option, or throws `UsageError` saying what was expected. */
  parse?: (raw: string, flag: string) => unknown
}

/** A command: its arguments, flags and help. */
export interface CommandSpec {
  name: string
  /** One line for `ssg --help`. */
  summary: string
  /** The positional argument, if any: `[siteDir]`. */
  positional?: { name: string; help: string }
  flags: FlagSpec[]
  /** Paragraphs after the flags in `ssg <command> --help`. */
  notes?: string[]
}

/** `--help` belongs to every command. */
export const HELP_FLAG: FlagSpec = { name: 'help', short: 'h', help: 'print this help' }

/** What a command line asks for. */
export interface ParsedArgs {
  /** The folder argument, if given. */
  positional?: string
  /** Flag values by long name: `true` for a boolean flag, the parsed value otherwise. */
  flags: Record<string, unknown>
}

/**
 * Parses a command's arguments: `--flag`, `--flag value`, `--flag=value`, `-h`, and `--` before
 * a folder that starts with a dash. Unknown flags fail with the closest known one (or the
 * command that has it); a value that does not parse fails naming the flag and what it expects.
 */
export function parseCommandArgs(
  spec: CommandSpec,
  argv: string[],
  others: CommandSpec[] = [],
): ParsedArgs {
  const flags: Record<string, unknown> = {}
  const positionals: string[] = []
  const all = [...spec.flags, HELP_FLAG]
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg)
      continue
    }
    const long = arg.startsWith('--')
    const eq = long ? arg.indexOf('=') : -1
    const name = long ? arg.slice(2, eq === -1 ? undefined : eq) : arg.slice(1)
    const flag = all.find((f) => (long ? f.name === name : f.short === name))
    const shown = long ? `--${name}` : `-${name}`
    if (!flag) throw new UsageError(unknownFlag(spec, shown, long, others), spec.name)
    let raw: string | undefined = eq === -1 ? undefined : arg.slice(eq + 1)
    if (!flag.value) {
      if (raw !== undefined)
        throw new UsageError(`\`--${flag.name}\` takes no value (received \`${raw}\`)`, spec.name)
      flags[flag.name] = true
      continue
    }
    if (raw === undefined) {
      const next = argv[i + 1]
      // A negative number is a value (that the flag's parser refuses by name), not a flag.
      if (next === undefined || (next.startsWith('-') && next !== '-' && !/^-\d/.test(next)))
        throw new UsageError(
          `\`--${flag.name}\` needs a value: \`--${flag.name} ${flag.value}\``,
          spec.name,
        )
      raw = next
      i++
    }
    try {
      flags[flag.name] = flag.parse ? flag.parse(raw, `--${flag.name}`) : raw
    } catch (error) {
      throw error instanceof UsageError ? new UsageError(error.message, spec.name) : error
    }
  }
  if (positionals.length > 1) {
    const what = spec.positional
      ? `one ${spec.positional.name.replace(/[[\]]/g, '')}`
      : 'no arguments'
    throw new UsageError(
      `expected ${what}, received ${positionals.map((p) => `\`${p}\``).join(' and ')}`,
      spec.name,
    )
  }
  if (positionals.length === 1 && !spec.positional)
    throw new UsageError(`takes no arguments, received \`${positionals[0]}\``, spec.name)
  return positionals[0] === undefined ? { flags } : { positional: positionals[0], flags }
}

function unknownFlag(spec: CommandSpec, shown: string, long: boolean, others: CommandSpec[]) {
  const name = shown.replace(/^-+/, '')
  const own = [...spec.flags, HELP_FLAG]
  const elsewhere = others.find((c) => c.flags.some((f) => (long ? f.name : f.short) === name))
  if (elsewhere)
    return `\`${shown}\` is a flag of \`ssg ${elsewhere.name}\`, not of \`ssg ${spec.name}\``
  const suggestion = closest(
    name,
    own.map((f) => f.name),
  )
  return `unknown flag \`${shown}\`` + (suggestion ? `; did you mean \`--${suggestion}\`?` : '')
}

/** A whole number in a range, for `--workers` and `--port`. */
export function integerFlag(min: number, max: number, expected: string) {
  return (raw: string, flag: string): number => {
    const value = Number(raw)
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max)
      throw new UsageError(`\`${flag}\`: expected ${expected}, received \`${raw}\``)
    return value
  }
}

/** The help of one command: usage, argument, every flag, notes. */
export function commandHelp(spec: CommandSpec): string {
  const usage = `ssg ${spec.name}${spec.positional ? ` ${spec.positional.name}` : ''} [flags]`
  const rows: Array<[string, string]> = []
  if (spec.positional) rows.push([spec.positional.name, spec.positional.help])
  for (const flag of [...spec.flags, HELP_FLAG])
    rows.push([
      `${flag.short ? `-${flag.short}, ` : '    '}--${flag.name}${flag.value ? ` ${flag.value}` : ''}`,
      flag.help,
    ])
  return [
    `${spec.summary}`,
    '',
    `Usage: ${usage}`,
    '',
    table(rows),
    ...(spec.notes?.length ? ['', ...spec.notes] : []),
  ].join('\n')
}

/** Two columns, the second wrapped at 100 characters. */
export function table(rows: Array<[string, string]>): string {
  const width = Math.max(...rows.map(([left]) => left.length)) + 2
  return rows
    .map(([left, right]) => `  ${left.padEnd(width)}${wrap(right, 98 - width, width + 2)}`)
    .join('\n')
}

function wrap(text: string, width: number, indent: number): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  lines.push(line)
  return lines.join('\n' + ' '.repeat(indent))
}
