// A page's last-updated time is its newest git commit's, else its mtime; outside a git
// repository git is not asked (see `gitTimes`).
import { execFile } from 'node:child_process'
import { utimes } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { makeSite } from '../../test/helpers.js'
import { gitTimes, lastUpdatedTimes } from './last-updated.js'

const run = promisify(execFile)
const files = ['content/docs/a.md', 'content/docs/b.md']
const mtime = new Date('2021-05-06T07:08:09.000Z')

async function site() {
  const root = await makeSite({ files: { [files[0]!]: '# A\n', [files[1]!]: '# B\n' } })
  for (const file of files) await utimes(path.join(root, file), mtime, mtime)
  return root
}

test("outside a git repository, the times are the files' mtimes", async () => {
  const root = await site()
  expect(await gitTimes(root)).toEqual(new Map())
  expect(await lastUpdatedTimes({ root, files })).toEqual(
    new Map(files.map((file) => [file, mtime.toISOString()])),
  )
})

test("in a git repository, a committed file's time is its commit's", async () => {
  const root = await site()
  const git = (...args: string[]) =>
    run('git', args, {
      cwd: root,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
        GIT_COMMITTER_DATE: '2022-02-03T04:05:06Z',
        GIT_AUTHOR_DATE: '2022-02-03T04:05:06Z',
      },
    })
  try {
    await git('init', '-q')
  } catch {
    return // No git here: nothing to compare with.
  }
  await git('add', files[0]!)
  await git('commit', '-q', '-m', 'a')
  const times = await lastUpdatedTimes({ root, files, git: gitTimes(root) })
  expect(times).toEqual(
    new Map([
      [files[0], '2022-02-03T04:05:06.000Z'],
      [files[1], mtime.toISOString()],
    ]),
  )
})
