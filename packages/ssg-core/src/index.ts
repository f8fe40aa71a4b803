/** The public API of @ssg/core. */
export { build, type BuildOptions, type BuildReport } from './pipeline/build.js'
export {
  loadConfig,
  resolveConfig,
  ConfigError,
  type ResolvedConfig,
} from './config/load-config.js'
export { defineConfig, type UserConfig } from './config/define-config.js'
export { type BuildMessage } from './report/messages.js'
export { formatMessages, type FormatOptions } from './report/format.js'
export { createStaticServer, resolveFile, listen } from './serve/static-server.js'
export {
  startDevServer,
  type DevServer,
  type DevServerOptions,
  type DevUpdate,
} from './serve/dev-server.js'
export { SsgError, BuildFailedError } from './util/errors.js'
export { CORE_VERSION } from './version.js'
export * from './theme/contract.js'
