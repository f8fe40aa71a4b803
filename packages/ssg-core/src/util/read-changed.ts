import { readFile, stat } from 'node:fs/promises'

/**
 * Reads a file that may just have changed. An editor (or `fs.writeFile`) may truncate the file
 * before writing it, and a change event or a read can come in between: an empty read waits a
 * moment for the bytes (as Vite does, vitejs/vite#610), so that an empty page or spec never
 * becomes a "last good version" or an error of its own.
 */
export async function readChangedFile(file: string): Promise<string> {
  const source = await readFile(file, 'utf8')
  if (source !== '') return source
  const before = await stat(file)
  for (let i = 0; i < 10; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    const now = await stat(file)
    if (now.mtimeMs !== before.mtimeMs || now.size > 0) return readFile(file, 'utf8')
  }
  return source
}
