import { describe, expect, test } from 'vitest'
import {
  bracketTitleToMeta,
  resolveLanguage,
  splitFenceLanguage,
  superfencesInfo,
} from './code-language.js'

const known = new Set([
  'js',
  'javascript',
  'powershell',
  'cmd',
  'xml',
  'shellsession',
  'text',
  'html',
  'jinja',
])
const isLoaded = (lang: string) => known.has(lang)

describe('resolveLanguage', () => {
  test('the exact name first, then without case', () => {
    expect(resolveLanguage('js', { isLoaded })).toBe('js')
    expect(resolveLanguage('PowerShell', { isLoaded })).toBe('powershell')
    expect(resolveLanguage('CMD', { isLoaded })).toBe('cmd')
    expect(resolveLanguage('XML', { isLoaded })).toBe('xml')
  })
  test('built-in aliases and mode suffixes', () => {
    expect(resolveLanguage('mjs', { isLoaded })).toBe('javascript')
    expect(resolveLanguage('cjs', { isLoaded })).toBe('javascript')
    expect(resolveLanguage('pwsh', { isLoaded })).toBe('powershell')
    expect(resolveLanguage('shell-session', { isLoaded })).toBe('shellsession')
    expect(resolveLanguage('Django', { isLoaded })).toBe('jinja')
    expect(resolveLanguage('js-nolint', { isLoaded })).toBe('js')
    expect(resolveLanguage('html-nolint', { isLoaded })).toBe('html')
    expect(resolveLanguage('js-vue', { isLoaded })).toBe('js')
  })
  test('site aliases win over the built-in ones and are read without case', () => {
    expect(resolveLanguage('Output', { isLoaded, aliases: { output: 'text' } })).toBe('text')
    expect(resolveLanguage('mjs', { isLoaded, aliases: { mjs: 'text' } })).toBe('text')
  })
  test('unknown stays unknown', () => {
    expect(resolveLanguage('klingon', { isLoaded })).toBeNull()
    expect(resolveLanguage('-nolint', { isLoaded })).toBeNull()
  })
})

describe('splitFenceLanguage', () => {
  test('VitePress line highlights and line numbers', () => {
    expect(splitFenceLanguage('js{12-15}')).toEqual({ lang: 'js', meta: '{12-15}' })
    expect(splitFenceLanguage('vue{1-4,9-12}')).toEqual({ lang: 'vue', meta: '{1-4,9-12}' })
    expect(splitFenceLanguage('ts:line-numbers=2')).toEqual({ lang: 'ts', meta: '' })
  })
  test('a bracketed title, with or without a language', () => {
    expect(splitFenceLanguage('[.env]')).toEqual({ lang: '', meta: 'title=".env"' })
    expect(splitFenceLanguage('sh[npm]')).toEqual({ lang: 'sh', meta: 'title="npm"' })
  })
})

describe('bracketTitleToMeta', () => {
  test('a bracketed title becomes title="..." unless a title is given', () => {
    expect(bracketTitleToMeta('[config.js]')).toBe('title="config.js"')
    expect(bracketTitleToMeta('[npm] {2}')).toBe('title="npm" {2}')
    expect(bracketTitleToMeta('title="a" [b]')).toBe('title="a" [b]')
    expect(bracketTitleToMeta('{1,3}')).toBe('{1,3}')
  })
})

describe('superfencesInfo', () => {
  test('class-style languages, attribute lists, attributes only, hl_lines and linenums', () => {
    expect(superfencesInfo('.sh', '')).toEqual({ lang: 'sh', meta: '' })
    expect(superfencesInfo('{', '.sh .no-copy #example }')).toEqual({ lang: 'sh', meta: '' })
    expect(superfencesInfo('{.py', 'title="a b.py" }')).toEqual({
      lang: 'py',
      meta: 'title="a b.py"',
    })
    expect(superfencesInfo('title=".gitignore"', '')).toEqual({
      lang: '',
      meta: 'title=".gitignore"',
    })
    expect(superfencesInfo('title="Content', 'tabs"')).toEqual({
      lang: '',
      meta: 'title="Content tabs"',
    })
    expect(superfencesInfo('hl_lines="4', '5""')).toEqual({ lang: '', meta: '{4,5}' })
    expect(superfencesInfo('yaml', 'hl_lines="8" linenums="1" title="x.yml"')).toEqual({
      lang: 'yaml',
      meta: '{8} title="x.yml"',
    })
    expect(superfencesInfo('yaml', 'title=".meta.yml"')).toBeNull()
    expect(superfencesInfo('js{1,3}', '')).toBeNull()
  })
})
