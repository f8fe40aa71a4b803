import { readFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Sidebar } from '../theme/contract.js'
import { hash } from '../util/hash.js'

/** The file, in the cache folder. */
const FILE = 'sidebar-keys.json'

interface Stored {
  /** What the keys were made with (this core, the theme, the config: `pageKeys`' base). */
  base: string
  /** By sidebar id: the hash of the whole sidebar, and each page's key by its path. */
  sidebars: Record<string, { whole: string; keys: Record<string, string> }>
}

/**
 * The keys of what pages show of their sidebars (the theme's `sidebarView`, hashed), kept across
 * builds. A page's view is a function of its sidebar and its path (and of the theme, the config
 * and this core, all in `base`): while a sidebar is unchanged, its pages' keys are last build's,
 * and making them again (35 µs a page, 0.35 s at 10,000 pages) is skipped.
 */
export class SidebarKeys {
  private readonly next: Stored
  private readonly wholes = new Map<Sidebar, string>()

  private constructor(
    private readonly file: string | null,
    private readonly previous: Stored | null,
    base: string,
  ) {
    this.next = { base, sidebars: {} }
  }

  /** The keys stored in `cacheDir` for this `base` (none when they were made with another). */
  static open(cacheDir: string | null, base: string): SidebarKeys {
    const file = cacheDir && path.join(cacheDir, FILE)
    let previous: Stored | null = null
    try {
      if (file) previous = JSON.parse(readFileSync(file, 'utf8')) as Stored
    } catch {
      // No keys yet, or unreadable: made again.
    }
    return new SidebarKeys(file, previous?.base === base ? previous : null, base)
  }

  /** The hash of the whole sidebar (made once per sidebar object). */
  wholeOf(sidebar: Sidebar): string {
    let whole = this.wholes.get(sidebar)
    if (whole === undefined) this.wholes.set(sidebar, (whole = hash(JSON.stringify(sidebar))))
    return whole
  }

  /** The key of `sidebar` as `view` makes it for the page at `pagePath`. */
  keyOf(sidebar: Sidebar, pagePath: string, view: (sidebar: Sidebar, path: string) => unknown) {
    const whole = this.wholeOf(sidebar)
    let next = this.next.sidebars[sidebar.id]
    if (!next || next.whole !== whole)
      this.next.sidebars[sidebar.id] = next = { whole, keys: Object.create(null) }
    const before = this.previous?.sidebars[sidebar.id]
    const kept = before?.whole === whole ? before.keys[pagePath] : undefined
    const key = kept ?? hash(JSON.stringify(view(sidebar, pagePath)))
    next.keys[pagePath] = key
    return key
  }

  /** Keeps this build's keys for the next one. */
  async save(): Promise<void> {
    if (!this.file) return
    await mkdir(path.dirname(this.file), { recursive: true })
    await writeFile(this.file, JSON.stringify(this.next))
  }
}
