import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { build } from '../pipeline/build.js'
import { formatMessages } from '../report/messages.js'
import { BuildFailedError, errorChain } from '../util/errors.js'
import { createStaticServer, listen } from '../serve/static-server.js'
import { openBrowser } from '../serve/open-browser.js'
import { loadConfig } from '../config/load-config.js'
import { CORE_VERSION } from '../version.js'

const HELP = `ssg ${CORE_VERSION}: a static site generator for documentation

Usage:
  ssg build [siteDir]           build the site into <siteDir>/build (default siteDir: .)
      --no-cache                ignore the on-disk cache
      --workers <n>             worker threads for Markdown (0 = none)
  ssg serve [siteDir]           serve the site while you write (rebuilds on change)
      --port <n>                port (default 3000; the next free one if taken)
      --host <host>             interface (default 127.0.0.1)
      --static                  serve the existing build/ as a production host would
      --open                    open the browser
`

async function runBuild(root: string, values: Record<string, unknown>) {
  try {
    const report = await build({
      root,
      cache: values['no-cache'] !== true,
      ...(typeof values.workers === 'string' ? { workers: Number(values.workers) } : {}),
    })
    if (report.messages.length) console.warn(formatMessages(report.messages))
    const total = report.timings.reduce((sum, t) => sum + t.ms, 0)
    const detail = report.timings.map((t) => `${t.name} ${Math.round(t.ms)} ms`).join(', ')
    console.log(
      `ssg: built ${report.pages} pages in ${(total / 1000).toFixed(2)} s (${detail}; ${report.cacheHits} from cache) -> ${path.relative(process.cwd(), report.outDir) || '.'}`,
    )
    return true
  } catch (error) {
    if (error instanceof BuildFailedError) {
      const report = (
        error as BuildFailedError & { report?: { messages: Parameters<typeof formatMessages>[0] } }
      ).report
      if (report) console.error(formatMessages(report.messages, { frames: true }))
      console.error('ssg: build failed; the previous build/ is untouched')
    } else {
      console.error('ssg: ' + errorChain(error).join('\n  caused by: '))
    }
    return false
  }
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'no-cache': { type: 'boolean' },
      workers: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      static: { type: 'boolean' },
      open: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  })
  const [command, dir] = positionals
  if (values.version) return console.log(CORE_VERSION)
  if (values.help || !command) {
    console.log(HELP)
    return
  }
  const root = path.resolve(dir ?? '.')
  if (command === 'build') {
    process.exitCode = (await runBuild(root, values)) ? 0 : 1
    return
  }
  if (command === 'serve') {
    const host = values.host ?? '127.0.0.1'
    const port = values.port ? Number(values.port) : 3000
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new Error(`--port: expected a port number, received \`${values.port}\``)
    if (!values.static) {
      const { startDevServer } = await import('../serve/dev-server.js')
      const server = await startDevServer({ root, host, port, open: values.open === true })
      const stop = () => {
        server.close().finally(() => process.exit(0))
      }
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
      return
    }
    const config = await loadConfig({ root })
    const outDir = path.resolve(root, config.outDir)
    if (!existsSync(outDir))
      throw new Error(
        `Nothing to serve at ${path.relative(process.cwd(), outDir) || outDir}: run \`ssg build\` first`,
      )
    const server = createStaticServer({ root: outDir, host, port, basePath: config.baseUrl })
    const used = await listen(server, port, host)
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${used}${config.baseUrl}`
    console.log(`ssg: serving ${path.relative(process.cwd(), outDir) || '.'} at ${url}`)
    if (values.open) openBrowser(url)
    return
  }
  console.error(`ssg: unknown command \`${command}\`; expected \`build\` or \`serve\`\n\n${HELP}`)
  process.exitCode = 1
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error('ssg: ' + errorChain(error).join('\n  caused by: '))
  process.exitCode = 1
})
