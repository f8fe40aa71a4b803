import path from 'node:path'
import { context, type BuildContext, type Message, type Plugin } from 'esbuild'
import { clientBuildOptions, documentAssets, type ClientBundleOptions } from '../client/bundle.js'
import type { DocumentAssets } from '../pipeline/render.js'
import type { BuildMessage } from '../report/messages.js'

/** The client bundle in memory: document URLs and the files by site-relative path. */
export interface ClientBundle {
  assets: DocumentAssets
  files: Map<string, Uint8Array>
}

/** A failed bundle: esbuild's errors as placed messages. */
export class ClientBundleError extends Error {
  override name = 'ClientBundleError'
  constructor(readonly messages: BuildMessage[]) {
    super(messages.map((m) => m.message).join('\n'))
  }
}

/**
 * The theme's client bundle for `ssg serve`: the same esbuild options as `ssg build`, kept in an
 * incremental context (a theme change re-bundles only what changed) and never written to disk.
 */
export class ClientBundler {
  private constructor(
    private readonly esbuild: BuildContext<
      ReturnType<typeof clientBuildOptions> & { write: false }
    >,
    private readonly options: ClientBundleOptions,
    private readonly root: string,
  ) {}

  static async create(options: {
    clientEntry: string
    plugins?: Plugin[]
    root: string
    baseUrl: string
  }): Promise<ClientBundler> {
    // Never written: the folder only gives the outputs their relative paths.
    const bundleOptions: ClientBundleOptions = {
      clientEntry: options.clientEntry,
      plugins: options.plugins ?? [],
      outDir: path.join(options.root, '.ssg-dev'),
      baseUrl: options.baseUrl,
    }
    const esbuild = await context({ ...clientBuildOptions(bundleOptions), write: false })
    return new ClientBundler(esbuild, bundleOptions, options.root)
  }

  /** Bundles again (incrementally); throws a `ClientBundleError` with placed messages. */
  async rebuild(): Promise<ClientBundle> {
    let result
    try {
      result = await this.esbuild.rebuild()
    } catch (error) {
      const errors = (error as { errors?: Message[] }).errors
      if (!errors?.length) throw error
      throw new ClientBundleError(errors.map((e) => this.toMessage(e)))
    }
    const files = new Map<string, Uint8Array>()
    for (const output of result.outputFiles)
      files.set(
        path.relative(this.options.outDir, output.path).split(path.sep).join('/'),
        output.contents,
      )
    return { assets: documentAssets(result.metafile, this.options), files }
  }

  dispose(): Promise<void> {
    return this.esbuild.dispose()
  }

  private toMessage(error: Message): BuildMessage {
    const location = error.location
    const message: BuildMessage = {
      file: location
        ? path.relative(this.root, path.resolve(location.file))
        : this.options.clientEntry,
      severity: 'error',
      message: `Cannot bundle the theme's client entry: ${error.text}`,
      ruleId: 'client-bundle',
    }
    if (location) {
      message.line = location.line
      message.column = location.column + 1
      message.frame =
        `> ${location.line} | ${location.lineText}\n` +
        `  ${' '.repeat(String(location.line).length)} | ${' '.repeat(location.column)}^`
    }
    return message
  }
}
