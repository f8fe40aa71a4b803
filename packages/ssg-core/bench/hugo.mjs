// Hugo as the bench's anchor: the same corpus built by `hugo` (when installed) in the same run, so
// that the printed ratio holds on a busy machine where absolute timings drift. The Hugo site gets
// the corpus's Markdown as is (`index.md` renamed `_index.md`: a section's page in Hugo) and small
// templates doing what a docs page does here: the page's section listed as a sidebar, the top
// sections, a table of contents, highlighted code (Chroma, Hugo's default), prev/next links.
import { execFileSync, spawnSync } from 'node:child_process'
import {
  cpSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'

/** The installed Hugo's version line, or null when there is none. */
export function hugoVersion() {
  try {
    return execFileSync('hugo', ['version'], { encoding: 'utf8' }).trim()
  } catch {
    return null
  }
}

const LAYOUTS = {
  '_default/baseof.html': `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} | {{ .Site.Title }}</title>
{{ with .Description }}<meta name="description" content="{{ . }}">{{ end }}
<link rel="canonical" href="{{ .Permalink }}"></head><body>
<header><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></header>
<nav aria-label="Docs"><ul>{{ range .Site.Sections }}{{ range .Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}{{ end }}</ul>
<ul>{{ range .CurrentSection.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></nav>
<main>{{ block "main" . }}{{ end }}</main></body></html>
`,
  '_default/single.html': `{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>
<aside>{{ .TableOfContents }}</aside>
{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}
{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}
`,
  '_default/list.html': `{{ define "main" }}<article><h1>{{ .Title }}</h1>{{ .Content }}</article>{{ end }}
`,
}

/** Copies the corpus in `corpusDir` into a Hugo site in `hugoDir` (replacing it). */
export function makeHugoSite(corpusDir, hugoDir) {
  rmSync(hugoDir, { recursive: true, force: true })
  mkdirSync(hugoDir, { recursive: true })
  cpSync(path.join(corpusDir, 'content'), path.join(hugoDir, 'content'), { recursive: true })
  const rename = (dir) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name)
      if (statSync(file).isDirectory()) rename(file)
      else if (name === 'index.md') renameSync(file, path.join(dir, '_index.md'))
    }
  }
  rename(path.join(hugoDir, 'content'))
  for (const [file, text] of Object.entries(LAYOUTS)) {
    mkdirSync(path.dirname(path.join(hugoDir, 'layouts', file)), { recursive: true })
    writeFileSync(path.join(hugoDir, 'layouts', file), text)
  }
  writeFileSync(
    path.join(hugoDir, 'hugo.toml'),
    `baseURL = "https://bench.example/"\ntitle = "Synthetic"\ndisableKinds = ["taxonomy", "term"]\n` +
      `[markup.goldmark.renderer]\nunsafe = true\n`,
  )
}

/**
 * A cold Hugo build of `hugoDir` (fresh output and cache folders): wall time, peak RSS and CPU
 * time (from /usr/bin/time when present), pages written and output bytes.
 */
export function buildWithHugo(hugoDir) {
  const outDir = path.join(hugoDir, 'public')
  const cacheDir = path.join(hugoDir, '.hugo-cache')
  rmSync(outDir, { recursive: true, force: true })
  rmSync(cacheDir, { recursive: true, force: true })
  const args = ['--quiet', '--destination', outDir, '--cacheDir', cacheDir, '--source', hugoDir]
  const timed = statSafe('/usr/bin/time')
  const start = performance.now()
  const run = timed
    ? spawnSync('/usr/bin/time', ['-f', 'maxrss %M cpu %U %S', 'hugo', ...args], {
        encoding: 'utf8',
      })
    : spawnSync('hugo', args, { encoding: 'utf8' })
  const ms = performance.now() - start
  if (run.status !== 0) throw new Error(`hugo failed: ${run.stderr || run.stdout}`)
  const rss = /maxrss (\d+) cpu ([\d.]+) ([\d.]+)/.exec(run.stderr ?? '')
  const { files, bytes } = folderSize(outDir)
  return {
    ms,
    rssMb: rss ? Number(rss[1]) / 1024 : null,
    cpuMs: rss ? (Number(rss[2]) + Number(rss[3])) * 1000 : null,
    pages: files.html,
    bytes,
    files,
  }
}

/** Bytes and counts of the files under `dir` (`html`: how many end in .html). */
export function folderSize(dir) {
  let bytes = 0
  let html = 0
  let all = 0
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name)
      if (entry.isDirectory()) walk(file)
      else {
        bytes += statSync(file).size
        all++
        if (entry.name.endsWith('.html')) html++
      }
    }
  }
  walk(dir)
  return { bytes, files: { html, all } }
}

function statSafe(file) {
  try {
    return statSync(file)
  } catch {
    return null
  }
}
