import { existsSync } from 'node:fs'
import path from 'node:path'
import { referenceUrl } from '../report/reference.js'
import { closest, errorChain, SsgError } from '../util/errors.js'
import { CORE_VERSION } from '../version.js'
import { commandHelp, parseCommandArgs, table, UsageError, type ParsedArgs } from './args.js'
import { BUILD, COMMANDS, INIT, SERVE } from './commands.js'
import { prestartCompileWorker } from '../pipeline/compile-thread.js'

// The pipeline, esbuild, React and the servers load with the command that needs them: help,
// version and a wrong command line answer at once.

function mainHelp(): string {
  return [
    `ssg ${CORE_VERSION}: a static site generator for documentation`,
    '',
    'Usage: ssg <command> [folder] [flags]',
    '',
    'Commands:',
    table(COMMANDS.map((c) => [`${c.name} ${c.positional?.name ?? ''}`, c.summary])),
    '',
    'Flags:',
    table([
      ['-h, --help', 'print this help; `ssg <command> --help` lists the flags of a command'],
      ['-v, --version', 'print the version'],
    ]),
    '',
    'Exit codes: 0 done, 1 failed (the build: errors, or warnings with --strict), 2 a wrong command line.',
    `Every message's rule is explained in ${referenceUrl()}`,
  ].join('\n')
}

/** Colours on stdout: a terminal, unless NO_COLOR or --no-color; FORCE_COLOR forces them. */
function wantsColor(flags: Record<string, unknown>): boolean {
  if (flags['no-color'] === true || process.env.NO_COLOR) return false
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0') return true
  return process.stdout.isTTY === true && process.env.TERM !== 'dumb'
}

async function serve(args: ParsedArgs): Promise<number> {
  const { flags } = args
  const root = path.resolve(args.positional ?? '.')
  const host = (flags.host as string | undefined) ?? '127.0.0.1'
  const port = (flags.port as number | undefined) ?? 3000
  if (!flags.static) {
    // The compile thread imports its stack while this thread imports the server's.
    prestartCompileWorker()
    const { startDevServer } = await import('../serve/dev-server.js')
    const { ProgressReporter } = await import('../report/progress.js')
    // The first build compiles every page (a minute or more for a large site without a cache).
    const reporter = new ProgressReporter({
      stream: process.stderr,
      mode: process.stderr.isTTY ? 'live' : 'lines',
    })
    const server = await startDevServer({
      onProgress: (event) => {
        reporter.listener(event)
        if (event.kind === 'stage-done') reporter.stop()
      },
      root,
      host,
      port,
      open: flags.open === true,
      verbose: flags.verbose === true,
      ...(flags['no-cache'] === true ? { cache: false } : {}),
      ...(flags.workers !== undefined ? { workers: flags.workers as number } : {}),
    })
    const stop = () => {
      server.close().finally(() => process.exit(0))
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    return 0
  }
  const { loadConfig } = await import('../config/load-config.js')
  const { createStaticServer, listen } = await import('../serve/static-server.js')
  const { openBrowser } = await import('../serve/open-browser.js')
  const config = await loadConfig({ root })
  const outDir = path.resolve(root, config.outDir)
  if (!existsSync(outDir))
    throw new SsgError(
      `Nothing to serve at ${path.relative(process.cwd(), outDir) || outDir}: run \`ssg build\` first`,
    )
  const server = createStaticServer({ root: outDir, host, port, basePath: config.baseUrl })
  const used = await listen(server, port, host)
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${used}${config.baseUrl}`
  console.log(`ssg: serving ${path.relative(process.cwd(), outDir) || '.'} at ${url}`)
  if (flags.open) openBrowser(url)
  return 0
}

async function init(args: ParsedArgs): Promise<number> {
  const { initSite } = await import('./init.js')
  const dir = args.positional ?? '.'
  const files = await initSite({
    dir,
    ...(typeof args.flags.title === 'string' ? { title: args.flags.title } : {}),
    ...(args.flags.force === true ? { force: true } : {}),
  })
  const shown = path.relative(process.cwd(), path.resolve(dir)) || '.'
  const cd = shown === '.' ? [] : [`  cd ${/\s/.test(shown) ? JSON.stringify(shown) : shown}`]
  console.log(
    [
      `ssg: created a site in ${shown}: ${files.join(', ')}`,
      '',
      'Next:',
      ...cd,
      '  npm start          serve it at http://127.0.0.1:3000/ while you write (reloads on save)',
      `  npm run build      build it into ${path.join(shown, 'build')}/`,
    ].join('\n'),
  )
  return 0
}

/** Runs the command line; resolves with the exit code. */
async function main(argv: string[]): Promise<number> {
  const at = argv.findIndex((a) => !a.startsWith('-'))
  const before = at === -1 ? argv : argv.slice(0, at)
  for (const flag of before) {
    if (flag === '--version' || flag === '-v') {
      console.log(CORE_VERSION)
      return 0
    }
    if (flag !== '--help' && flag !== '-h') {
      const owner = COMMANDS.find((c) => c.flags.some((f) => `--${f.name}` === flag.split('=')[0]))
      throw new UsageError(
        owner
          ? `\`${flag}\` goes after the command: \`ssg ${owner.name} ${flag}\``
          : `unknown flag \`${flag}\`; the flags of ssg itself are --help and --version`,
      )
    }
  }
  const name = at === -1 ? undefined : argv[at]!
  const rest = at === -1 ? [] : argv.slice(at + 1)
  if (name === undefined) {
    console.log(mainHelp())
    return 0
  }
  if (name === 'help') {
    const topic = COMMANDS.find((c) => c.name === rest[0])
    console.log(topic ? commandHelp(topic) : mainHelp())
    return 0
  }
  const spec = COMMANDS.find((c) => c.name === name)
  if (!spec) {
    const suggestion = closest(
      name,
      COMMANDS.map((c) => c.name),
    )
    throw new UsageError(
      `unknown command \`${name}\`` +
        (suggestion
          ? `; did you mean \`${suggestion}\`?`
          : `; the commands are ${COMMANDS.map((c) => `\`${c.name}\``).join(', ')}`),
    )
  }
  const args = parseCommandArgs(
    spec,
    rest,
    COMMANDS.filter((c) => c !== spec),
  )
  if (args.flags.help) {
    console.log(commandHelp(spec))
    return 0
  }
  if (spec === BUILD) {
    const { flags } = args
    if (flags.quiet && flags.verbose)
      throw new UsageError('`--quiet` and `--verbose` ask for opposite things: pick one', 'build')
    const { buildCommand } = await import('./build-command.js')
    return buildCommand({
      root: path.resolve(args.positional ?? '.'),
      strict: flags.strict === true,
      verbose: flags.verbose === true,
      quiet: flags.quiet === true,
      json: flags.json === true,
      cache: flags['no-cache'] !== true,
      color: !flags.json && wantsColor(flags),
      ...(flags.workers !== undefined ? { workers: flags.workers as number } : {}),
    })
  }
  if (spec === SERVE) return serve(args)
  if (spec === INIT) return init(args)
  throw new Error(`no handler for the command \`${spec.name}\``)
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      const help = error.command ? `ssg ${error.command} --help` : 'ssg --help'
      console.error(
        `ssg${error.command ? ` ${error.command}` : ''}: ${error.message}\nRun \`${help}\` for the usage.`,
      )
      process.exitCode = 2
      return
    }
    console.error('ssg: ' + errorChain(error).join('\n  caused by: '))
    process.exitCode = 1
  },
)
