import { integerFlag, UsageError, type CommandSpec } from './args.js'

const workers = {
  name: 'workers',
  value: '<n>',
  help: 'worker threads for Markdown; 0 compiles in the main thread (default: one per core, up to 8, for 60 pages or more)',
  parse: integerFlag(0, 64, 'a number of worker threads from 0 to 64'),
}
const noCache = {
  name: 'no-cache',
  help: 'ignore the on-disk cache (.ssg-cache/) and compile every page',
}
const verbose = {
  name: 'verbose',
  help: 'print every message (not only the first 3 of a rule), each with its source line, and the time of each stage',
}
const noColor = { name: 'no-color', help: 'no colours (also when NO_COLOR is set)' }

/** `ssg build`. */
export const BUILD: CommandSpec = {
  name: 'build',
  summary: 'Builds the site into <siteDir>/build (or the config’s outDir).',
  positional: { name: '[siteDir]', help: 'the site folder (default: the current folder)' },
  flags: [
    {
      name: 'strict',
      help: 'warnings count as errors: the build fails on any (for CI)',
    },
    verbose,
    { name: 'quiet', help: 'print only errors and the summary line' },
    {
      name: 'json',
      help: 'print one JSON report on stdout (pages, timings per stage, every message, output folder) and nothing else',
    },
    noCache,
    workers,
    noColor,
  ],
  notes: [
    'Errors come first, then warnings grouped by rule; the last line sums up. A site sets each',
    "rule's severity in its config: messages: { 'unknown-language': 'off' | 'warning' | 'error' }.",
    'Progress goes to stderr: redrawn in place on a terminal, one line per stage otherwise.',
    'Exit code: 0 built, 1 the build failed (nothing written: the previous build is kept).',
  ],
}

/** `ssg serve`. */
export const SERVE: CommandSpec = {
  name: 'serve',
  summary:
    'Serves the site while you write: rebuilds what a change touches and reloads the open pages.',
  positional: { name: '[siteDir]', help: 'the site folder (default: the current folder)' },
  flags: [
    {
      name: 'port',
      value: '<n>',
      help: 'port to listen on (default 3000; the next free one when taken; 0 for any)',
      parse: integerFlag(0, 65535, 'a port number from 0 to 65535'),
    },
    {
      name: 'host',
      value: '<host>',
      help: 'interface to bind (default 127.0.0.1: only this machine)',
      parse: (raw: string, flag: string) => {
        if (!raw.trim()) throw new UsageError(`\`${flag}\`: expected a host name or address`)
        return raw
      },
    },
    {
      name: 'static',
      help: 'serve the existing build/ as a production host would (no rebuilds)',
    },
    { name: 'open', help: 'open the site in the default browser' },
    verbose,
    noCache,
    workers,
  ],
  notes: [
    'Content errors show over the page and in the terminal; every page keeps its last good version.',
  ],
}

/** `ssg init`. */
export const INIT: CommandSpec = {
  name: 'init',
  summary:
    'Creates a site: a config, a landing page, two docs pages in a sidebar, and a package.json whose scripts build and serve it.',
  positional: { name: '[dir]', help: 'the folder to create it in (default: the current folder)' },
  flags: [
    {
      name: 'title',
      value: '<title>',
      help: 'the site title (default: from the folder name)',
    },
    {
      name: 'force',
      help: 'write into a folder that is not empty (files of the same names are replaced)',
    },
  ],
}

/** Every command, in the order `ssg --help` lists them. */
export const COMMANDS: CommandSpec[] = [BUILD, SERVE, INIT]
