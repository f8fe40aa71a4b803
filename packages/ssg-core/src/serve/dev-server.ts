import path from 'node:path'
import { build } from '../pipeline/build.js'
import { formatMessages } from '../report/messages.js'
import { BuildFailedError, errorChain } from '../util/errors.js'
import { createStaticServer, listen } from './static-server.js'

export interface DevServerOptions {
  root: string
  host: string
  port: number
  open: boolean
}

/** `ssg serve`: builds once, then serves the output. Watch mode and live reload: TODO(#5). */
export async function startDevServer(options: DevServerOptions): Promise<void> {
  try {
    const report = await build({ root: options.root })
    if (report.messages.length) console.warn(formatMessages(report.messages))
    const server = createStaticServer({
      root: report.outDir,
      host: options.host,
      port: options.port,
      immutableAssets: false,
    })
    const port = await listen(server, options.port, options.host)
    console.log(
      `ssg: serving ${path.relative(process.cwd(), report.outDir)} at http://${options.host}:${port}${report.config.baseUrl}`,
    )
  } catch (error) {
    if (error instanceof BuildFailedError) {
      const report = (
        error as BuildFailedError & { report?: { messages: Parameters<typeof formatMessages>[0] } }
      ).report
      if (report) console.error(formatMessages(report.messages, { frames: true }))
    } else console.error('ssg: ' + errorChain(error).join('\n  caused by: '))
    process.exitCode = 1
  }
}
