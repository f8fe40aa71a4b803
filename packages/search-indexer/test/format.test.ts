import { describe, expect, test } from 'vitest'
import { processTerm, tokenize } from '../src/format.js'

const terms = (text: string, field?: string) =>
  tokenize(text).flatMap((token) => processTerm(token, field) ?? [])

describe('tokenizer', () => {
  test('keeps header names whole and split', () => {
    expect(terms('VB-API-KEY')).toEqual(['vb-api-key', 'vb', 'api', 'key'])
  })
  test('keeps snake_case whole and split', () => {
    expect(terms('token_type')).toEqual(['token_type', 'token', 'type'])
  })
  test('splits camelCase and keeps the whole word', () => {
    expect(terms('createElement')).toEqual(['createelement', 'create', 'element'])
    expect(terms('XMLHttpRequest')).toEqual(['xmlhttprequest', 'xml', 'http', 'request'])
  })
  test('keeps dotted method names and their camelCase parts', () => {
    expect(terms('tokens.createBatch(')).toEqual([
      'tokens.createbatch',
      'createbatch',
      'tokens',
      'create',
      'batch',
    ])
    // Longer paths are found by their parts.
    expect(terms('client.tokens.createBatch')).toEqual([
      'createbatch',
      'client',
      'tokens',
      'create',
      'batch',
    ])
  })
  test('plain words are lower-cased, accents stripped, stop words dropped from the text', () => {
    expect(terms('The Tokenize call, for a Café.', 'text')).toEqual(['tokenize', 'call', 'cafe'])
  })
  test('titles, headings and queries keep stop words', () => {
    expect(terms('What Is the Proxy', 'title')).toEqual(['what', 'is', 'the', 'proxy'])
    expect(terms('what is the proxy')).toEqual(['what', 'is', 'the', 'proxy'])
  })
  test('keeps error codes and numbers of two digits or more', () => {
    expect(terms('HTTP 429 or E1001, step 2', 'text')).toEqual(['http', '429', 'e1001', 'step'])
  })
  test('trailing punctuation is not part of a word', () => {
    expect(terms('see tokens.')).toEqual(['see', 'tokens'])
  })
  test('drops ids and hashes, keeping the words around them', () => {
    expect(terms('01HZX3K2M5N8P1Q4 4a6b 8c4a6e1f3b7d oauth2 sha256')).toEqual(['oauth2', 'sha256'])
    expect(terms('tok_01HZX3K2M5N8P1Q4')).toEqual(['tok'])
    expect(terms('card-4a6b-8c9e')).toEqual(['card'])
    expect(terms('v1.41.0 203.0.113.10 1.5')).toEqual(['v1', '41', '203', '113', '10'])
  })
  test('drops code keywords from the code field only', () => {
    expect(terms('const token = await tokens.create()', 'code')).toEqual([
      'token',
      'tokens.create',
      'tokens',
      'create',
    ])
    expect(terms('const await', 'text')).toEqual(['const', 'await'])
  })
})
