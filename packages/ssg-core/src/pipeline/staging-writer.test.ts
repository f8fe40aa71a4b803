import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { StagingWriter } from './staging-writer.js'

test('a file in parts: bytes and ranges of another file, in order', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ssg-staging-'))
  try {
    const previous = path.join(dir, 'previous.txt')
    await writeFile(previous, 'abcdefghij')
    const written: number[] = []
    await new StagingWriter(path.join(dir, 'out')).write(
      [
        {
          path: 'llms-full.txt',
          key: 'k',
          content: [
            Buffer.from('<'),
            { file: previous, start: 2, end: 5 },
            Buffer.from('|'),
            { file: previous, start: 0, end: 10 },
          ],
        },
      ],
      (file) => written.push(file.size),
    )
    expect(await readFile(path.join(dir, 'out', 'llms-full.txt'), 'utf8')).toBe('<cde|abcdefghij')
    expect(written).toEqual([15])
    // A range past the end of its file fails the write.
    await expect(
      new StagingWriter(path.join(dir, 'out')).write(
        [{ path: 'x.txt', key: 'k', content: [{ file: previous, start: 5, end: 20 }] }],
        () => {},
      ),
    ).rejects.toThrow(/shorter than 20 bytes/)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})
