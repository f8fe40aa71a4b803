import { readFileSync } from 'node:fs'
import path from 'node:path'
import { codeFrame, type BuildMessage } from './messages.js'

/**
 * Messages made after parsing (links, routes) carry a place but no code frame: this adds one to
 * each error that will be printed with its frame, reading each file once. Copies; unreadable
 * files are left without.
 */
export function withFrames(
  messages: BuildMessage[],
  root: string,
  shouldFrame: (m: BuildMessage) => boolean,
): BuildMessage[] {
  const sources = new Map<string, string | null>()
  const source = (file: string) => {
    if (!sources.has(file)) {
      try {
        sources.set(file, readFileSync(path.join(root, file), 'utf8'))
      } catch {
        sources.set(file, null)
      }
    }
    return sources.get(file) ?? null
  }
  return messages.map((m) => {
    if (m.frame || m.line === undefined || !shouldFrame(m)) return m
    const text = source(m.file)
    return text === null ? m : { ...m, frame: codeFrame(text, m.line, m.column ?? 1) }
  })
}
