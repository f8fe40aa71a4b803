import type { UserConfig } from './schema.js'

export type { UserConfig } from './schema.js'

/** Types a site config; returns it unchanged (validation happens when the build loads it). */
export function defineConfig(config: UserConfig): UserConfig {
  return config
}
